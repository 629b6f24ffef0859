import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.js';
import type { ExecuteSql } from '../db/raw-transaction.js';
import type { WorkPriority } from '../speech/engines/engine.js';

export const TRANSCRIPTION_QUEUE = 'transcription';

export interface TranscriptionJobData {
  transcriptionId: string;
  /** The queue hands out higher first, and the speech engine serves the job's chunks so too. */
  priority?: WorkPriority;
}

export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
  /** When the job was queued: the month its transcription was counted in. */
  queuedAt?: Date;
}

export interface JobQueueOptions {
  /** A job whose worker stops sending heartbeats (killed process) is retried after this. */
  heartbeatSeconds?: number;
  monitorIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  /** Enqueues inside the caller's transaction, so the row and its job commit together. */
  enqueueTranscription(data: TranscriptionJobData, executeSql: ExecuteSql): Promise<void>;
  workTranscriptions(
    concurrency: number,
    handler: (data: TranscriptionJobData, attempt: JobAttempt) => Promise<void>,
  ): Promise<void>;
  /** Makes `name` a queue that pg-boss fills on a cron schedule (UTC); safe to call from every process. */
  scheduleRecurring(name: string, cron: string): Promise<void>;
  /** Runs the scheduled jobs of `name` in this process; each occurrence goes to one process only. */
  workRecurring(name: string, handler: () => Promise<void>): Promise<void>;
  /** Transcription jobs waiting and running (pg-boss's counts, refreshed by its monitor). */
  transcriptionDepth(): Promise<{ queued: number; active: number }>;
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

/** pg-boss on the app's own database: the embedded PGlite or the PostgreSQL server. */
export async function startJobQueue(
  database: DatabaseHandle,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const { driver } = database;
  const boss =
    driver.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(driver.client),
          backend: 'pglite',
          schema: 'pgboss',
          ...monitor(options),
        })
      : new PgBoss({ connectionString: driver.url, max: 4, schema: 'pgboss', ...monitor(options) });
  boss.on('error', (error: unknown) => {
    process.stderr.write(
      `job queue error: ${error instanceof Error ? error.stack : JSON.stringify(error)}\n`,
    );
  });
  await boss.start();
  await boss.createQueue(TRANSCRIPTION_QUEUE, {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 6 * 60 * 60,
    heartbeatSeconds: options.heartbeatSeconds ?? 10,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  });
  // Warm pg-boss's queue cache outside any transaction: on PGlite, a first lookup from inside
  // a transaction would wait for the connection that transaction holds.
  await boss.getJobById(TRANSCRIPTION_QUEUE, '00000000-0000-0000-0000-000000000000');

  return {
    async enqueueTranscription(data, executeSql) {
      await boss.send(TRANSCRIPTION_QUEUE, data, {
        singletonKey: data.transcriptionId,
        priority: data.priority ?? 0,
        db: { executeSql: (text: string, values?: unknown[]) => executeSql(text, values) },
      });
    },
    async workTranscriptions(concurrency, handler) {
      await boss.work<
        TranscriptionJobData,
        void,
        {
          localConcurrency: number;
          batchSize: 1;
          includeMetadata: true;
          pollingIntervalSeconds: number;
        }
      >(
        TRANSCRIPTION_QUEUE,
        {
          localConcurrency: concurrency,
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        },
        async ([job]) => {
          if (job)
            await handler(job.data, {
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              queuedAt: job.createdOn,
            });
        },
      );
    },
    async scheduleRecurring(name, cron) {
      await boss.createQueue(name, {
        retryLimit: 2,
        retryDelay: 60,
        expireInSeconds: 15 * 60,
        deleteAfterSeconds: 7 * 24 * 60 * 60,
      });
      await boss.schedule(name, cron, null, { tz: 'UTC' });
    },
    async workRecurring(name, handler) {
      await boss.work(name, { pollingIntervalSeconds: 10 }, async () => handler());
    },
    async transcriptionDepth() {
      const queue = await boss.getQueue(TRANSCRIPTION_QUEUE);
      return { queued: queue?.queuedCount ?? 0, active: queue?.activeCount ?? 0 };
    },
    async stop({ graceful = true, timeoutMs = 60_000 } = {}) {
      // PGlite belongs to the app, which closes it after the queue stops; pg-boss owns its own pool.
      await boss.stop({ graceful, timeout: timeoutMs, close: driver.kind === 'postgres' });
    },
  };
}

function monitor(options: JobQueueOptions) {
  return {
    monitorIntervalSeconds: options.monitorIntervalSeconds ?? 2,
    superviseIntervalSeconds: options.monitorIntervalSeconds ?? 2,
  };
}
