import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_NAME } from '../../core/product.js';
import type { StorageConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { readDatabaseKey } from '../db/encryption/database-key.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  writeManifest,
  type BackupFile,
  type BackupManifest,
} from './backup-manifest.js';
import { backUpObjects } from './back-up-objects.js';
import { dumpDatabase } from './dump-database.js';
import { checksumFile } from './file-checksum.js';

export const AUTH_SECRET_FILE = 'auth-secret';
/**
 * The database key in base64, unwrapped: a backup is restorable into an installation with
 * another master key, which wraps it under its own (the audio in a backup is decrypted too).
 */
export const DATABASE_KEY_FILE = 'database-key';

export interface BackupSource {
  database: DatabaseHandle;
  storage: ObjectStorage;
  storageConfig: StorageConfig;
  dataDir: string;
  appVersion: string;
  /** The master key ring, which opens the database key. */
  masterKeys: readonly Buffer[];
}

/**
 * The database first, in one snapshot; then the objects it names. The manifest is written last:
 * a folder without one is a backup that did not finish, and restore refuses it.
 */
export async function writeBackup(
  source: BackupSource,
  directory: string,
  options: { copyObjects: boolean },
): Promise<BackupManifest> {
  await prepareEmptyFolder(directory);
  const copyObjects = source.storageConfig.kind === 'local' || options.copyObjects;
  const dump = await dumpDatabase(source.database, directory);
  const objects = await backUpObjects({
    storage: source.storage,
    storageConfig: source.storageConfig,
    directory,
    referencedKeys: dump.referencedKeys,
    copy: copyObjects,
  });
  const files: BackupFile[] = [...dump.files, ...objects.files];
  const secret = await copyAuthSecret(source.dataDir, directory);
  if (secret) files.push(secret);
  const databaseKey = await readDatabaseKey(source.database.db, source.masterKeys);
  if (databaseKey) {
    const file = path.join(directory, DATABASE_KEY_FILE);
    await writeFile(file, `${databaseKey.toString('base64')}\n`, { mode: 0o600 });
    files.push({ path: DATABASE_KEY_FILE, ...(await checksumFile(file)) });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    app: { name: PRODUCT_NAME, version: source.appVersion },
    database: dump.database,
    objects: objects.objects,
    files,
  };
  await writeManifest(directory, manifest);
  return manifest;
}

async function prepareEmptyFolder(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  if ((await readdir(directory)).length > 0) {
    throw new BackupError(`${directory} is not empty: name a new or empty folder for the backup.`);
  }
}

/**
 * Without AUTH_SECRET the server keeps its sign-in secret in the data folder: a restore that
 * brings it back keeps everyone's sessions valid.
 */
async function copyAuthSecret(dataDir: string, directory: string): Promise<BackupFile | null> {
  try {
    await copyFile(path.join(dataDir, AUTH_SECRET_FILE), path.join(directory, AUTH_SECRET_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return {
    path: AUTH_SECRET_FILE,
    ...(await checksumFile(path.join(directory, AUTH_SECRET_FILE))),
  };
}
