import type { Config, StorageConfig } from '../config.js';
import { createEncryptingStorage } from './encryption/encrypting-storage.js';
import { resolveMasterKey } from './encryption/master-key.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Storage } from './s3-storage.js';

export type StorageSettings = Pick<Config, 'storage' | 'encryption'>;

/** The place itself, without encryption: for the key check, the sweep and key rotation. */
export function plainStorageFromConfig(storage: StorageConfig): ObjectStorage {
  return storage.kind === 's3'
    ? createS3Storage(storage)
    : createLocalDiskStorage(storage.directory);
}

/**
 * The storage every feature uses: objects encrypted under the master key. A process's start
 * opens it with `openStorage` (which checks the key first); tools started beside a running
 * installation (backup, restore) come here.
 */
export function storageFromConfig(settings: StorageSettings): ObjectStorage {
  return createEncryptingStorage(
    plainStorageFromConfig(settings.storage),
    masterKeysOf(settings.encryption),
  );
}

/** The key new objects are wrapped under, then the previous one while a rotation runs. */
export function masterKeysOf(encryption: Config['encryption']): [Buffer, ...Buffer[]] {
  const { key } = resolveMasterKey(encryption);
  return encryption.previousKey ? [key, encryption.previousKey] : [key];
}
