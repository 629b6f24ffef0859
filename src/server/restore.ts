import { BackupError } from './backups/backup-manifest.js';
import { restoreBackup } from './backups/restore-backup.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/pglite-lock.js';
import { restrictToOwner } from './owner-only-files.js';

/**
 * `npm run restore -- DIR`: a backup into a new installation (the DATA_DIR, DATABASE_URL and
 * STORAGE_URL this command is run with). Anything already there refuses it, changing nothing.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    process.stderr.write('Usage: npm run restore -- DIR\n');
    return 2;
  }
  const directory = args[0]!;
  process.umask(0o077);
  try {
    const config = loadConfig();
    const manifest = await restoreBackup(config, directory, {
      afterDatabaseOpened: restrictToOwner,
    });
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Restored the backup of ${manifest.createdAt} (${manifest.app.name} ${manifest.app.version}): ` +
        `${rows} rows, ${manifest.objects.keys.length} audio objects. Start the server as usual.\n`,
    );
    return 0;
  } catch (error) {
    if (!(
      error instanceof ConfigError ||
      error instanceof BackupError ||
      error instanceof DatabaseLockedError
    ))
      throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

process.exitCode = await main();
