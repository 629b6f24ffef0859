import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isMissingObject } from '../missing-object.js';
import type { ObjectStorage } from '../object-storage.js';
import { startsWithMagic } from './encrypted-object-format.js';
import { createEncryptingStorage, KEY_CHECK_KEY } from './encrypting-storage.js';
import { readObjectHead } from './object-head.js';

/**
 * Encrypts in place every object stored before encryption (no header): a copy into `workDir`,
 * encrypted, then put over the plain one. Interrupted, it simply starts again: objects already
 * encrypted are passed over by their header. Returns how many it encrypted.
 */
export async function encryptPlainObjects(input: {
  inner: ObjectStorage;
  masterKey: Buffer;
  workDir: string;
  stopped?: () => boolean;
}): Promise<number> {
  const { inner, workDir } = input;
  const encrypting = createEncryptingStorage(inner, [input.masterKey]);
  let encrypted = 0;
  for (const { key } of await inner.list('')) {
    if (input.stopped?.()) break;
    if (key === KEY_CHECK_KEY) continue;
    const copy = path.join(workDir, `plain-${randomUUID()}`);
    try {
      if (startsWithMagic(await readObjectHead(inner, key))) continue;
      await pipeline(await inner.read(key), createWriteStream(copy, { mode: 0o600 }));
      // Deleted or replaced meanwhile: left alone, so a deletion is never undone.
      if ((await inner.size(key)) !== (await stat(copy)).size) continue;
      await encrypting.putFile(key, copy);
      encrypted += 1;
    } catch (error) {
      if (!isMissingObject(error)) throw error;
    } finally {
      await rm(copy, { force: true });
    }
  }
  return encrypted;
}
