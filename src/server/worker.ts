import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DATABASE_CONNECTION_LOST } from './db/database-unavailable.js';
import { migrateWhenReachable } from './db/migrate-when-reachable.js';
import { startJobQueue } from './jobs/job-queue.js';
import { startTranscriptionWorkers } from './transcriptions/transcription-workers.js';
import { freeTrialQueue, startFreeTrialWorkers } from './transcriptions/free-trial-jobs.js';
import { transcriptionQueue } from './transcriptions/transcription-jobs.js';
import { startTranscriptionSignals } from './live/transcription-signals.js';
import { startAccountDeletionJobs } from './account-deletion/account-deletion-plugin.js';
import { startBillingJobs } from './billing/billing-jobs.js';
import { createBilling } from './billing/create-billing.js';
import { broadcastOnlyPaidStateChanges } from './billing/paid-state-changes.js';
import { createLogger } from './logger.js';
import { keepDataOwnerOnly } from './owner-only-files.js';
import { speechEngineFromConfig } from './speech/choose-engine.js';
import { storageFromConfig } from './storage/storage-from-config.js';
import { claimTempArea } from './storage/process-temp-area.js';
import { startTempFileSweeps } from './storage/temp-file-sweeps.js';
import { createMailer } from './mail/create-mailer.js';
import { transcriptReadyNotifier } from './transcriptions/notify-transcript-ready.js';

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
  await queue.define(transcriptionQueue);
  await queue.define(freeTrialQueue);
  const speech = await speechEngineFromConfig(config, log);
  const storage = storageFromConfig(config.storage);
  const tempArea = claimTempArea(config.workDir);
  // Other processes share this disk (PostgreSQL deployments): only stale areas are orphans.
  const stopSweeps = await startTempFileSweeps({
    incomingDir: config.workDir,
    ownArea: tempArea.directory,
    soleProcess: false,
    log,
  });
  const mailer = createMailer(config.mail, (message) => log.warn(message));
  const signals = await startTranscriptionSignals(database);
  jobsMayRun = true;
  await startTranscriptionWorkers({
    signals,
    queue,
    db: database.db,
    storage,
    workDir: tempArea.directory,
    engine: speech,
    concurrency: config.workerConcurrency,
    log,
    notifyReady: transcriptReadyNotifier({ db: database.db, mailer, baseUrl: config.baseUrl }),
  });
  await startFreeTrialWorkers({
    queue,
    storage,
    workDir: tempArea.directory,
    engine: speech,
  });
  // Scheduled jobs (test-mode renewals, finishing account deletions) run in worker processes too.
  const billing = createBilling({
    billing: config.billing,
    db: database.db,
    paidStates: broadcastOnlyPaidStateChanges(database),
    log: (details, message) => log.warn(details, message),
  });
  await startBillingJobs(queue, billing, { work: true });
  await startAccountDeletionJobs(
    queue,
    { db: database.db, billing: billing.deps, storage },
    { work: true },
  );
  log.info(
    { engine: speech.status().engine, concurrency: config.workerConcurrency },
    'transcription workers started',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing running jobs before exit');
    stopSweeps();
    await queue.stop({ graceful: true });
    await signals.close();
    await speech.close();
    mailer.close();
    await tempArea.release();
    await database.close();
    process.exit(0);
  };
  stopWhenAsked(stop);
}

/**
 * Signals are taken from the first moment. Before any job can run, a signal simply ends the
 * process (it may be waiting for the database). Once jobs may run, a SIGTERM that arrives while
 * the worker is still starting waits for the start to finish, then stops gracefully, instead of
 * killing the process and its first job.
 */
let jobsMayRun = false;
let askedToStop: string | undefined;
let stopWorker: ((signal: string) => Promise<void>) | undefined;
function onSignal(signal: string) {
  if (stopWorker) void stopWorker(signal);
  else if (!jobsMayRun) process.exit(0);
  else askedToStop ??= signal;
}
function stopWhenAsked(stop: (signal: string) => Promise<void>) {
  stopWorker = stop;
  if (askedToStop) void stop(askedToStop);
}
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
