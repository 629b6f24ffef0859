import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { rotateDatabaseKey, type DatabaseRotation } from '../db/encryption/rotate-database-key.js';
import { keyOpensCheck } from './encryption/key-check.js';
import { EncryptionKeyError, readGeneratedKey } from './encryption/master-key.js';
import { rotateMasterKey, type RotationReport } from './encryption/rotate-master-key.js';
import { plainStorageFromConfig } from './storage-from-config.js';

/**
 * `npm run rotate-key`: the database key re-wrapped under `newKey`, then every object's data key,
 * then the key check.
 * With the key generated into the data folder, that file then holds the new key; a configured
 * key is the operator's to change. Run again after an interruption, it finishes the work.
 */
export async function rotateStorageKey(
  config: Pick<Config, 'storage' | 'encryption' | 'workDir' | 'database'>,
  newKeyFromFile: Buffer | undefined,
  onObject?: (key: string) => void,
): Promise<
  RotationReport & { keyFileReplaced: string | undefined; databaseKey: DatabaseRotation }
> {
  const { masterKey, generatedKeyFile, previousKey } = config.encryption;
  // Online: the processes already wrap under ENCRYPTION_KEY and open ENCRYPTION_PREVIOUS_KEY's
  // objects; what is left is to re-wrap those.
  const online = !newKeyFromFile && previousKey && masterKey;
  const newKey = online ? masterKey : newKeyFromFile;
  if (!newKey)
    throw new EncryptionKeyError(
      'Name the new key file (npm run rotate-key -- NEW_KEY_FILE), or set ENCRYPTION_PREVIOUS_KEY ' +
        'to the old key and ENCRYPTION_KEY to the new one.',
    );
  const oldKey = online ? previousKey : (masterKey ?? readGeneratedKey(generatedKeyFile));
  if (!oldKey)
    throw new EncryptionKeyError(
      `No current key: set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE, or keep ${generatedKeyFile}.`,
    );
  const inner = plainStorageFromConfig(config.storage);
  const oldOpens = await keyOpensCheck(inner, oldKey);
  if (oldOpens === false && !(await keyOpensCheck(inner, newKey)))
    throw new EncryptionKeyError(
      'Neither the current key nor the new one opens this storage: nothing was changed.',
    );
  // The database key first: an embedded database still in use stops an offline rotation here,
  // before anything changed.
  const databaseKey = await rotateDatabaseKey(config, oldKey, newKey, Boolean(online));
  mkdirSync(config.workDir, { recursive: true });
  const workDir = await mkdtemp(path.join(config.workDir, 'rotate-key-'));
  try {
    const report = await rotateMasterKey({ inner, oldKey, newKey, workDir, onObject });
    let keyFileReplaced: string | undefined;
    if (!masterKey && !online) {
      const next = `${generatedKeyFile}.new`;
      writeFileSync(next, `${newKey.toString('base64')}\n`, { mode: 0o600 });
      renameSync(next, generatedKeyFile);
      keyFileReplaced = generatedKeyFile;
    }
    return { ...report, keyFileReplaced, databaseKey };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
