import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DATABASE_CONNECTION_LOST } from './db/database-unavailable.js';
import { migrateWhenReachable } from './db/migrate-when-reachable.js';
import { startJobQueue } from './jobs/job-queue.js';
import { startTranscriptionWorkers } from './jobs/transcription-workers.js';
import { startAccountDeletionJobs } from './accounts/account-deletion-plugin.js';
import { startBillingJobs } from './billing/billing-jobs.js';
import { createBilling } from './billing/create-billing.js';
import { createLogger } from './logger.js';
import { keepDataOwnerOnly } from './owner-only-files.js';
import { speechEngineFromConfig } from './speech/engine-from-config.js';
import { createLocalDiskStorage } from './storage/local-disk-storage.js';

/** Workers only, no HTTP: scale transcription separately from the API against one PostgreSQL. */
async function main() {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: separate worker processes need a PostgreSQL server; the embedded database serves one process (npm start runs workers in-process).',
    );
  }
  keepDataOwnerOnly(config);
  const log = createLogger(config);
  const database = await openDatabase(config.database, {
    onConnectionLost: (error) => log.warn({ err: error }, DATABASE_CONNECTION_LOST),
  });
  await migrateWhenReachable(database, log);
  const queue = await startJobQueue(database);
  const speech = await speechEngineFromConfig(config, log);
  const storage = createLocalDiskStorage(config.audioDir);
  await startTranscriptionWorkers({
    queue,
    db: database.db,
    storage,
    engine: speech,
    concurrency: config.workerConcurrency,
    log,
  });
  // Scheduled jobs (test-mode renewals, finishing account deletions) run in worker processes too.
  const billing = createBilling({
    billing: config.billing,
    db: database.db,
    log: (details, message) => log.warn(details, message),
  });
  await startBillingJobs(queue, billing, { work: true });
  await startAccountDeletionJobs(queue, { db: database.db, billing: billing.deps }, { work: true });
  log.info(
    { engine: speech.status().engine, concurrency: config.workerConcurrency },
    'transcription workers started',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing running jobs before exit');
    await queue.stop({ graceful: true });
    await speech.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
