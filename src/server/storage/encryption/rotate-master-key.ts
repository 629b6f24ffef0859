import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isMissingObject } from '../missing-object.js';
import type { ObjectStorage } from '../object-storage.js';
import { encodeHeader, encryptedSize, HEADER_BYTES } from './encrypted-object-format.js';
import { KEY_CHECK_KEY } from './encrypting-storage.js';
import { writeKeyCheck } from './key-check.js';
import { inspectObject } from './object-head.js';

export interface RotationReport {
  rewrapped: number;
  /** Already under the new key: a rotation that was interrupted, run again. */
  alreadyNew: number;
  /** Stored before encryption; the sweep of a started process encrypts them. */
  plain: number;
}

/**
 * Re-wraps every object's data key under `newKey`: a new header, the encrypted chunks after it
 * as they are (never decrypted). Objects the new key already opens are passed over, so an
 * interrupted rotation is finished by running it again. The key check goes last.
 */
export async function rotateMasterKey(input: {
  inner: ObjectStorage;
  oldKey: Buffer;
  newKey: Buffer;
  workDir: string;
  onObject?: (key: string) => void;
}): Promise<RotationReport> {
  const { inner, oldKey, newKey, workDir } = input;
  const report: RotationReport = { rewrapped: 0, alreadyNew: 0, plain: 0 };
  for (const { key } of await inner.list('')) {
    if (key === KEY_CHECK_KEY) continue;
    const copy = path.join(workDir, `rewrap-${randomUUID()}`);
    try {
      const head = await inspectObject(inner, key, [newKey, oldKey]);
      if (head.kind === 'plain') report.plain += 1;
      else if (head.keyIndex === 0) report.alreadyNew += 1;
      else {
        const size = encryptedSize(head.header.plaintextBytes);
        const body = await inner.read(key, { start: HEADER_BYTES, end: size - 1 });
        const file = createWriteStream(copy, { mode: 0o600 });
        file.write(encodeHeader(newKey, head.header));
        await pipeline(body, file);
        if ((await stat(copy)).size !== size) throw new Error(`${key} changed while re-wrapped`);
        await inner.putFile(key, copy);
        report.rewrapped += 1;
      }
      input.onObject?.(key);
    } catch (error) {
      if (!isMissingObject(error)) throw error;
    } finally {
      await rm(copy, { force: true });
    }
  }
  await writeKeyCheck(inner, newKey);
  return report;
}
