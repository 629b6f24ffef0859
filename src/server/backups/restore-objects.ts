import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage } from '../storage/object-storage.js';
import { BackupError, type BackupManifest } from './backup-manifest.js';
import { OBJECTS_FOLDER } from './back-up-objects.js';
import { isMissingObject } from '../storage/missing-object.js';

/**
 * A backup that holds only the list of S3 keys restores against the bucket that still has them:
 * every key is checked there first, and a missing one refuses the restore before anything changes.
 */
export async function checkObjectsPresent(
  storage: ObjectStorage,
  manifest: BackupManifest,
): Promise<void> {
  const absent: string[] = [];
  for (const { key } of manifest.objects.keys) {
    try {
      await storage.size(key);
    } catch (error) {
      if (!isMissingObject(error)) throw error;
      absent.push(key);
    }
  }
  if (absent.length > 0) {
    throw new BackupError(
      `This backup lists its audio in ${manifest.objects.location} without copies, and ${absent.length} of those objects are not in this installation's storage (first: ${absent[0]}). Point STORAGE_URL at the bucket that has them, or use a backup made with --copy-objects.`,
    );
  }
}

/** Stores the backup's copies of the objects, through the same interface the app stores with. */
export async function restoreObjects(input: {
  storage: ObjectStorage;
  manifest: BackupManifest;
  directory: string;
  workDir: string;
}): Promise<void> {
  const staging = path.join(input.workDir, `restore-${process.pid}`);
  await mkdir(staging, { recursive: true });
  try {
    for (const { key } of input.manifest.objects.keys) {
      const copy = path.join(staging, key);
      await copyFile(path.join(input.directory, OBJECTS_FOLDER, key), copy);
      await input.storage.putFile(key, copy);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
