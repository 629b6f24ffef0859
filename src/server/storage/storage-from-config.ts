import type { StorageConfig } from '../config.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Storage } from './s3-storage.js';

export function storageFromConfig(storage: StorageConfig): ObjectStorage {
  return storage.kind === 's3'
    ? createS3Storage(storage)
    : createLocalDiskStorage(storage.directory);
}
