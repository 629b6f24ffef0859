import { readAppVersion } from './backups/app-version.js';
import { acceptBackupRequests } from './backups/pglite-backup-handoff.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { DatabaseKeyError } from './db/encryption/database-key.js';
import { DATABASE_CONNECTION_LOST } from './db/database-unavailable.js';
import { migrateWhenReachable } from './db/migrate-when-reachable.js';
import { DatabaseLockedError } from './db/pglite-lock.js';
import { createLogger } from './logger.js';
import { keepDataOwnerOnly, restrictToOwner } from './owner-only-files.js';
import { EncryptionKeyError } from './storage/encryption/master-key.js';
import { openStorage } from './storage/open-storage.js';
import { storageFromConfig } from './storage/storage-from-config.js';
import { masterKeyRing } from './storage/encryption/master-key.js';

export interface Booted {
  config: Config;
  log: ReturnType<typeof createLogger>;
  database: DatabaseHandle;
}

/** What a process does once it has started: let its work finish and stop its parts. */
export type Stop = (signal: string) => Promise<void>;

/**
 * The one start-up of every process (`main.ts` serves HTTP, `worker.ts` runs jobs): settings,
 * owner-only data, the log, the database, its migrations; then the process's own start, and a
 * graceful stop on SIGTERM or SIGINT.
 *
 * Signals are taken from the first moment. While the process is still waiting for the database
 * nothing can be lost, so a signal simply ends it. Once its own start has begun, a signal waits
 * for that start to finish and then stops gracefully, instead of killing a job it just took.
 */
export function boot(
  start: (booted: Booted) => Promise<Stop>,
  requirements: { check?: (config: Config) => void } = {},
): void {
  let startBegun = false;
  let askedToStop: string | undefined;
  let stop: ((signal: string) => Promise<void>) | undefined;
  const onSignal = (signal: string) => {
    if (stop) void stop(signal);
    else if (!startBegun) process.exit(0);
    else askedToStop ??= signal;
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  const run = async () => {
    const config = loadConfig();
    requirements.check?.(config);
    keepDataOwnerOnly(config);
    const log = createLogger(config);
    // The key is proved against the storage before the database is opened: a wrong one changes
    // nothing at all.
    await openStorage(config, log);
    const database = await openDatabase(config.database, {
      onConnectionLost: (error) => log.warn({ err: error }, DATABASE_CONNECTION_LOST),
    });
    await migrateWhenReachable(database, log);
    if (config.database.kind === 'pglite') restrictToOwner(config.database.directory);
    // Only this process can read the embedded database: `npm run backup` asks it.
    const stopBackups =
      config.database.kind === 'pglite'
        ? acceptBackupRequests(
            config.database.directory,
            () => ({
              database,
              storage: storageFromConfig(config),
              storageConfig: config.storage,
              dataDir: config.dataDir,
              appVersion: readAppVersion(),
              masterKeys: masterKeyRing(config.encryption),
            }),
            log,
          )
        : undefined;
    startBegun = true;
    const stopProcess = await start({ config, log, database });
    let stopping = false;
    stop = async (signal) => {
      if (stopping) return;
      stopping = true;
      await stopProcess(signal);
      stopBackups?.();
      await database.close();
      process.exit(0);
    };
    if (askedToStop) void stop(askedToStop);
  };

  run().catch((error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError ||
      error instanceof EncryptionKeyError ||
      error instanceof DatabaseKeyError;
    process.stderr.write(
      known
        ? `${(error as Error).message}\n`
        : `Sonoscript failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
