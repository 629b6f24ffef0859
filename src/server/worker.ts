import { boot } from './boot.js';
import { broadcastOnlyPaidStateChanges } from './billing/paid-state-changes.js';
import { ConfigError } from './config.js';
import { poolConnections } from './db/database.js';
import { startMetricsListener } from './http/metrics-listener.js';
import { watchGauges } from './metrics/metrics-registry.js';
import { startZipExports } from './data-exports/start-zip-exports.js';
import { startScheduledJobs, startServices, startSpeechWorkers } from './services.js';

/** Workers only, no HTTP: scale transcription separately from the API against one PostgreSQL. */
boot(
  async ({ config, log, database }) => {
    const services = await startServices(config, database, log, {
      runsSpeech: true,
      paidStates: broadcastOnlyPaidStateChanges(database),
    });
    await startSpeechWorkers(services, config, log);
    // Scheduled jobs (test-mode renewals, finishing account deletions) run in worker processes too.
    await startScheduledJobs(services, {
      work: true,
      retentionMaxDays: config.retentionMaxDays,
      auditRetentionDays: config.auditRetentionDays,
    });
    const unwatchGauges = watchGauges({
      queueJobs: () => services.queue.jobCounts(),
      databasePool: () => poolConnections(database),
    });
    const metrics =
      config.metricsToken && config.workerMetricsPort
        ? await startMetricsListener({
            port: config.workerMetricsPort,
            host: config.host,
            token: config.metricsToken,
          })
        : undefined;
    if (metrics) log.info({ address: metrics.address }, 'worker metrics at /metrics');
    const stopZipExports = await startZipExports({ ...services, db: database.db }, log);
    log.info(
      { engine: (await services.engineStatus()).engine, concurrency: config.workerConcurrency },
      'transcription workers started',
    );
    return async (signal) => {
      log.info({ signal }, 'finishing running jobs before exit');
      await metrics?.close();
      await services.close();
      unwatchGauges();
      await stopZipExports();
    };
  },
  {
    check: (config) => {
      if (config.database.kind !== 'postgres')
        throw new ConfigError(
          'Invalid configuration:\n  DATABASE_URL: separate worker processes need a PostgreSQL server; the embedded database serves one process (npm start runs workers in-process).',
        );
    },
  },
);
