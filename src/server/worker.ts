import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DATABASE_CONNECTION_LOST } from './db/database-unavailable.js';
import { migrateWhenReachable } from './db/migrate-when-reachable.js';
import { broadcastOnlyPaidStateChanges } from './billing/paid-state-changes.js';
import { createLogger } from './logger.js';
import { keepDataOwnerOnly } from './owner-only-files.js';
import { startScheduledJobs, startServices, startSpeechWorkers } from './services.js';

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
  const services = await startServices(config, database, log, {
    runsSpeech: true,
    paidStates: broadcastOnlyPaidStateChanges(database),
  });
  jobsMayRun = true;
  await startSpeechWorkers(services, config, log);
  // Scheduled jobs (test-mode renewals, finishing account deletions) run in worker processes too.
  await startScheduledJobs(services, { work: true });
  log.info(
    { engine: (await services.engineStatus()).engine, concurrency: config.workerConcurrency },
    'transcription workers started',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing running jobs before exit');
    await services.close();
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
