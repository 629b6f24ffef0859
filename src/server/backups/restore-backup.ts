import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/database.js';
import { storageFromConfig } from '../storage/storage-from-config.js';
import { BackupError, type BackupManifest } from './backup-manifest.js';
import { describeStorage } from './back-up-objects.js';
import { loadDatabase } from './load-database.js';
import { migrationsUpTo } from './migrations-up-to.js';
import { checkObjectsPresent, restoreObjects } from './restore-objects.js';
import { describeTargetDatabase, describeTargetFiles } from './target-contents.js';
import { verifyBackup } from './verify-backup.js';
import { AUTH_SECRET_FILE, DATABASE_KEY_FILE } from './write-backup.js';
import { storeDatabaseKey } from '../db/encryption/database-key.js';
import { resolveMasterKey } from '../storage/encryption/master-key.js';
import type { DatabaseHandle } from '../db/database.js';

export class TargetNotEmptyError extends BackupError {
  override name = 'TargetNotEmptyError';
}

export interface RestoreHooks {
  /** The embedded database's folder once it exists, to make it owner-only. */
  afterDatabaseOpened?: (directory: string) => void;
}

/**
 * Restores into an empty installation: the backup is verified and the target checked first, and
 * a refusal on either changes nothing. Then the schema is brought to the backup's migration, the
 * rows loaded in one transaction, newer migrations run, and the objects stored.
 */
export async function restoreBackup(
  config: Config,
  directory: string,
  hooks: RestoreHooks = {},
): Promise<BackupManifest> {
  const manifest = await verifyBackup(directory);
  const last = manifest.database.migrations.at(-1);
  if (!last) throw new BackupError('The backup holds a database that was never migrated.');
  const work = await mkdtemp(path.join(tmpdir(), 'sonoscript-restore-'));
  try {
    const migrations = await migrationsUpTo(MIGRATIONS_FOLDER, last.createdAt, work);
    const fileProblems = await describeTargetFiles(config);
    if (fileProblems.length > 0) throw notEmpty(fileProblems);
    if (
      manifest.objects.storage === 's3' &&
      !manifest.objects.copied &&
      config.storage.kind !== 's3'
    )
      throw new BackupError(
        `This backup lists its audio in ${manifest.objects.location} without copies: restore it into an installation with STORAGE_URL set to that bucket, or use a backup made with --copy-objects.`,
      );

    // S3 is checked before the database is opened: opening an embedded one creates its folder.
    const s3Storage = config.storage.kind === 's3' ? storageFromConfig(config) : undefined;
    if (s3Storage && manifest.objects.copied) {
      const present = await s3Storage.list('');
      if (present.length > 0)
        throw notEmpty([
          `${describeStorage(config.storage)} already holds ${present.length} object(s)`,
        ]);
    } else if (s3Storage) {
      await checkObjectsPresent(s3Storage, manifest);
    }

    const database = await openDatabase(config.database);
    try {
      const databaseProblems = await describeTargetDatabase(database);
      if (databaseProblems.length > 0) throw notEmpty(databaseProblems);
      const storage = s3Storage ?? storageFromConfig(config);
      if (config.database.kind === 'pglite') hooks.afterDatabaseOpened?.(config.database.directory);

      await database.migrate(migrations);
      await loadDatabase(database, directory, manifest);
      await database.migrate();
      if (manifest.objects.copied)
        await restoreObjects({ storage, manifest, directory, workDir: config.workDir });
      if (manifest.files.some((file) => file.path === DATABASE_KEY_FILE))
        await restoreDatabaseKey(database, directory, config);
      if (!config.authSecret && manifest.files.some((file) => file.path === AUTH_SECRET_FILE))
        await restoreAuthSecret(directory, config.dataDir);
    } finally {
      await database.close();
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function notEmpty(problems: string[]): TargetNotEmptyError {
  return new TargetNotEmptyError(
    `The target installation is not empty, so nothing was restored and nothing changed:\n  - ${problems.join('\n  - ')}\n` +
      'Restore into a new installation: an empty DATA_DIR and, with DATABASE_URL, a new empty database.',
  );
}

async function restoreAuthSecret(directory: string, dataDir: string): Promise<void> {
  const target = path.join(dataDir, AUTH_SECRET_FILE);
  if (await stat(target).catch(() => null)) return;
  await copyFile(path.join(directory, AUTH_SECRET_FILE), target);
}

/** The backup's database key, wrapped under this installation's master key. */
async function restoreDatabaseKey(
  database: DatabaseHandle,
  directory: string,
  config: Config,
): Promise<void> {
  const key = Buffer.from(
    (await readFile(path.join(directory, DATABASE_KEY_FILE), 'utf8')).trim(),
    'base64',
  );
  if (key.length !== 32) throw new BackupError(`${DATABASE_KEY_FILE} does not hold a 32-byte key.`);
  await storeDatabaseKey(database.db, key, resolveMasterKey(config.encryption).key);
}
