import type { ObjectStorage } from './object-storage.js';
import { createEncryptingStorage } from './encryption/encrypting-storage.js';
import { encryptPlainObjects } from './encryption/encrypt-plain-objects.js';
import { holdsKeyCheck, keyOpensCheck, verifyMasterKey } from './encryption/key-check.js';
import { EncryptionKeyError, readGeneratedKey, resolveMasterKey } from './encryption/master-key.js';
import { plainStorageFromConfig, type StorageSettings } from './storage-from-config.js';

/**
 * A process's storage, opened at its start: the master key resolved (generated on a first
 * start without one) and proved against the storage's key check before anything is stored.
 */
export async function openStorage(
  settings: StorageSettings,
  log: { warn(message: string): void },
): Promise<ObjectStorage> {
  const inner = plainStorageFromConfig(settings.storage);
  const { masterKey, generatedKeyFile } = settings.encryption;
  if (!masterKey && !readGeneratedKey(generatedKeyFile) && (await holdsKeyCheck(inner)))
    throw new EncryptionKeyError(
      `The storage holds objects encrypted under a master key, but ENCRYPTION_KEY and ` +
        `ENCRYPTION_KEY_FILE are unset and ${generatedKeyFile} is missing. Set the key; nothing ` +
        'was started and nothing was changed.',
    );
  const { key, generated } = resolveMasterKey(settings.encryption);
  if (generated)
    log.warn(
      `Generated an encryption key into ${generatedKeyFile} (owner-only): in production keep ` +
        'it elsewhere as well and set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE, since without it ' +
        'the stored audio cannot be read.',
    );
  // Mid-rotation the key check is still under the previous key: that one proves the storage.
  const previous = settings.encryption.previousKey;
  if (!previous || !(await keyOpensCheck(inner, previous))) await verifyMasterKey(inner, key);
  return createEncryptingStorage(inner, previous ? [key, previous] : [key]);
}

/**
 * Encrypts, in the background, objects stored before encryption; every start looks again, so a
 * sweep cut off by a restart goes on where it left off. Returns its stop.
 */
export function startPlainObjectSweep(
  settings: StorageSettings,
  workDir: string,
  log: { info(message: string): void; error(details: object, message: string): void },
): () => void {
  let stopped = false;
  const inner = plainStorageFromConfig(settings.storage);
  const { key } = resolveMasterKey(settings.encryption);
  void encryptPlainObjects({ inner, masterKey: key, workDir, stopped: () => stopped })
    .then((count) => {
      if (count > 0) log.info(`Encrypted ${count} object(s) stored before encryption at rest`);
    })
    .catch((error: unknown) => {
      if (!stopped) log.error({ err: error }, 'Encrypting objects stored in plain failed');
    });
  return () => {
    stopped = true;
  };
}
