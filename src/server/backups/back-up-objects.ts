import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '../config.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import type { BackupFile, BackupManifest } from './backup-manifest.js';
import { writeStreamWithChecksum } from './file-checksum.js';
import { isMissingObject } from '../storage/missing-object.js';

export const OBJECTS_FOLDER = 'objects';

export function describeStorage(storage: StorageConfig): string {
  return storage.kind === 's3' ? `s3://${storage.bucket}/${storage.prefix}` : storage.directory;
}

/**
 * Runs after the database dump, so every object the dump names was stored before it: listing
 * storage now finds them all (and objects stored since, which are kept harmlessly). A named
 * object deleted in between is reported as missing; its transcript was deleted meanwhile.
 */
export async function backUpObjects(input: {
  storage: ObjectStorage;
  storageConfig: StorageConfig;
  directory: string;
  referencedKeys: string[];
  copy: boolean;
}): Promise<{ objects: BackupManifest['objects']; files: BackupFile[] }> {
  const { storage, directory } = input;
  const listed = (await storage.list('')).map((object) => object.key);
  const keys = [...new Set([...input.referencedKeys, ...listed])].sort();
  const referenced = new Set(input.referencedKeys);
  const folder = path.join(directory, OBJECTS_FOLDER);
  if (input.copy) await mkdir(folder, { recursive: true });

  const kept: BackupManifest['objects']['keys'] = [];
  const missing: string[] = [];
  const files: BackupFile[] = [];
  for (const key of keys) {
    try {
      if (input.copy) {
        const file = `${OBJECTS_FOLDER}/${key}`;
        const checksum = await writeStreamWithChecksum(
          await storage.read(key),
          path.join(directory, file),
        );
        files.push({ path: file, ...checksum });
        kept.push({ key, bytes: checksum.bytes });
      } else {
        kept.push({ key, bytes: await storage.size(key) });
      }
    } catch (error) {
      if (!isMissingObject(error)) throw error;
      if (referenced.has(key)) missing.push(key);
    }
  }
  return {
    objects: {
      storage: input.storageConfig.kind,
      location: describeStorage(input.storageConfig),
      copied: input.copy,
      keys: kept,
      missing,
    },
    files,
  };
}
