import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { isMissingObject } from '../missing-object.js';
import type { ObjectStorage } from '../object-storage.js';
import { createEncryptingStorage, KEY_CHECK_KEY } from './encrypting-storage.js';
import { EncryptionKeyError } from './master-key.js';
import { inspectObject } from './object-head.js';

const KEY_CHECK_TEXT = 'Sonoscript: the master key that opens this storage.';

export async function holdsKeyCheck(inner: ObjectStorage): Promise<boolean> {
  try {
    await inner.size(KEY_CHECK_KEY);
    return true;
  } catch (error) {
    if (isMissingObject(error)) return false;
    throw error;
  }
}

/** Whether `masterKey` opens the storage's key check; undefined when there is none yet. */
export async function keyOpensCheck(
  inner: ObjectStorage,
  masterKey: Buffer,
): Promise<boolean | undefined> {
  if (!(await holdsKeyCheck(inner))) return undefined;
  const head = await inspectObject(inner, KEY_CHECK_KEY, [masterKey]).catch(() => undefined);
  if (head?.kind !== 'encrypted') return false;
  const text = await buffer(await createEncryptingStorage(inner, [masterKey]).read(KEY_CHECK_KEY));
  return text.toString('utf8') === KEY_CHECK_TEXT;
}

/** Stores (or replaces) the key check under `masterKey`. */
export async function writeKeyCheck(inner: ObjectStorage, masterKey: Buffer): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'sonoscript-key-check-'));
  try {
    const file = path.join(folder, KEY_CHECK_KEY);
    await writeFile(file, KEY_CHECK_TEXT);
    await createEncryptingStorage(inner, [masterKey]).putFile(KEY_CHECK_KEY, file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * At every start, before anything is stored: the configured key must open the storage's key
 * check. The first start stores one. A wrong key stops the process with nothing changed.
 */
export async function verifyMasterKey(inner: ObjectStorage, masterKey: Buffer): Promise<void> {
  const opens = await keyOpensCheck(inner, masterKey);
  if (opens === undefined) await writeKeyCheck(inner, masterKey);
  else if (!opens)
    throw new EncryptionKeyError(
      'The encryption key does not open this storage: its objects were encrypted under another ' +
        'master key. Set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE to that key (after `npm run ' +
        'rotate-key`, to the new one). Nothing was started and nothing was changed.',
    );
}
