import { readdir } from 'node:fs/promises';
import { readAppVersion } from './backups/app-version.js';
import { BackupError, type BackupManifest } from './backups/backup-manifest.js';
import { requestBackupFromServer } from './backups/pglite-backup-handoff.js';
import { writeBackup } from './backups/write-backup.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { DatabaseLockedError, lockHolder } from './db/pglite-lock.js';
import { storageFromConfig } from './storage/storage-from-config.js';
import { masterKeyRing } from './storage/encryption/master-key.js';

const USAGE = 'Usage: npm run backup -- DIR [--copy-objects]\n';

/**
 * `npm run backup -- DIR`: the database in one snapshot, then the audio (or, on S3, the list of
 * keys; `--copy-objects` copies them too). Works while the server runs, on either database.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const copyObjects = args.includes('--copy-objects');
  const positional = args.filter((arg) => arg !== '--copy-objects');
  if (positional.length !== 1 || positional[0]!.startsWith('-')) {
    process.stderr.write(USAGE);
    return 2;
  }
  const directory = positional[0]!;
  process.umask(0o077);
  try {
    const config = loadConfig();
    const manifest = await backUp(config, directory, copyObjects);
    process.stdout.write(summary(directory, manifest));
    return 0;
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof BackupError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

async function backUp(
  config: Config,
  directory: string,
  copyObjects: boolean,
): Promise<BackupManifest> {
  if (config.database.kind === 'pglite') {
    const files = await readdir(config.database.directory).catch(() => []);
    if (files.length === 0)
      throw new BackupError(
        `There is no embedded database at ${config.database.directory}: check DATA_DIR (or set DATABASE_URL).`,
      );
  }
  let database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (!(error instanceof DatabaseLockedError) || config.database.kind !== 'pglite') throw error;
    const holder = lockHolder(config.database.directory);
    if (holder === undefined) throw error;
    process.stdout.write(`The server (process ${holder}) is running: it writes the backup.\n`);
    return requestBackupFromServer({
      databaseDirectory: config.database.directory,
      holder,
      directory,
      copyObjects,
    });
  }
  try {
    return await writeBackup(
      {
        database,
        storage: storageFromConfig(config),
        storageConfig: config.storage,
        dataDir: config.dataDir,
        appVersion: readAppVersion(),
        masterKeys: masterKeyRing(config.encryption),
      },
      directory,
      { copyObjects },
    );
  } finally {
    await database.close();
  }
}

function summary(directory: string, manifest: BackupManifest): string {
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.objects.keys.reduce((sum, object) => sum + object.bytes, 0);
  const objects = manifest.objects.copied
    ? `${manifest.objects.keys.length} audio objects copied (${bytes} bytes)`
    : `${manifest.objects.keys.length} audio objects listed, not copied (they stay in ${manifest.objects.location}; add --copy-objects to copy them)`;
  const { missing: gone } = manifest.objects;
  const shown = gone.slice(0, 5).join(', ') + (gone.length > 5 ? ', …' : '');
  const missing =
    gone.length > 0
      ? `Note: ${gone.length} audio object(s) the database named were no longer in storage (deleted with their transcripts while the backup ran): ${shown}. The manifest lists them all.\n`
      : '';
  return (
    `Backup written to ${directory}: ${manifest.database.kind} database, ` +
    `${manifest.database.tables.length} tables, ${rows} rows; ${objects}.\n${missing}`
  );
}

process.exitCode = await main();
