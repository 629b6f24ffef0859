import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.js';
import type { ExecuteSql } from '../db/raw-transaction.js';
import { jobDuration } from '../metrics/metrics-registry.js';
import { failedJobsQuery, jobCountsQuery, type FailedJob, type JobCount } from './job-overview.js';

/** A feature's queue and how pg-boss treats its jobs; each feature defines its own. */
export interface QueueDefinition {
  name: string;
  /** Retries after the first attempt before the job fails for good. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay on each retry, with jitter. */
  retryBackoff?: boolean;
  /** With `retryBackoff`: the longest wait between two attempts. */
  retryDelayMaxSeconds?: number;
  /** A job still running after this long is retried or failed. */
  expireInSeconds: number;
  /**
   * Workers send heartbeats while a job runs; a job whose heartbeats stop (killed process) is
   * retried after the job queue's `heartbeatSeconds`.
   */
  heartbeat?: boolean;
  /** How long a finished job is kept. */
  deleteAfterSeconds: number;
  /** Wakes idle workers the moment a job arrives (LISTEN/NOTIFY) instead of at their next poll. */
  notify?: boolean;
}

export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
  /** When the job was queued (for transcriptions: the month they were counted in). */
  queuedAt?: Date;
}

export interface QueuedJob<T> {
  id: string;
  data: T;
  attempt: JobAttempt;
  /** Aborted when the job is no longer this worker's: cancelled, or taken over after a lost heartbeat. */
  signal: AbortSignal;
}

/** Where a job is: still to run, running, or ended with the handler's return value (`output`). */
export type JobOutcome =
  | { state: 'waiting' | 'running' }
  | { state: 'completed'; output: unknown }
  | { state: 'failed' | 'cancelled' | 'gone' };

export interface SendOptions {
  /** The queue hands out higher first; default 0. */
  priority?: number;
  /**
   * pg-boss's singleton key, stored with the job. It keeps a second job out only under queue
   * policies that enforce it or with `singletonSeconds`, neither of which these queues use.
   */
  singletonKey?: string;
  /** Enqueues inside the caller's transaction, so its rows and the job commit together. */
  executeSql?: ExecuteSql;
}

export interface WorkOptions {
  /** Jobs of this queue run at once in this process. */
  concurrency: number;
  /** Default: the job queue's `pollingIntervalSeconds`. */
  pollingIntervalSeconds?: number;
}

/** Jobs waiting and running (pg-boss's counts, refreshed by its monitor). */
export interface QueueDepth {
  queued: number;
  active: number;
}

export interface JobQueueOptions {
  /** A job whose worker stops sending heartbeats (killed process) is retried after this. */
  heartbeatSeconds?: number;
  monitorIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  /** Creates the queue if it does not exist yet; safe to call from every process, and again. */
  define(queue: QueueDefinition): Promise<void>;
  /** Adds a job to a defined queue: its id, or null when pg-boss refused it as a singleton. */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs the jobs of a defined queue in this process; the queue spreads them over every process. */
  work<T extends object>(
    queue: string,
    options: WorkOptions,
    handler: (job: QueuedJob<T>) => Promise<unknown>,
  ): Promise<void>;
  /** Where one job is; `gone` once it was removed (or never existed). */
  outcome(queue: string, id: string): Promise<JobOutcome>;
  /** Stops a job that is waiting or running: its worker's `signal` aborts. */
  cancel(queue: string, id: string): Promise<void>;
  /** Deletes a job and what it returned. */
  remove(queue: string, id: string): Promise<void>;
  /** Makes `name` a queue that pg-boss fills on a cron schedule (UTC); safe to call from every process. */
  scheduleRecurring(name: string, cron: string): Promise<void>;
  /** Runs the scheduled jobs of `name` in this process; each occurrence goes to one process only. */
  workRecurring(name: string, handler: () => Promise<void>): Promise<void>;
  depth(queue: string): Promise<QueueDepth>;
  /** Jobs per queue waiting, active and failed, counted now (for operators). */
  jobCounts(): Promise<JobCount[]>;
  /** The latest failed jobs of every queue, newest first, with the reason each failed. */
  failedJobs(limit: number): Promise<FailedJob[]>;
  /** Queues a failed job again; false when there is no such failed job. */
  retry(queue: string, id: string): Promise<boolean>;
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

/** Settings of the queues `scheduleRecurring` fills. */
const RECURRING = {
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  deleteAfterSeconds: 7 * 24 * 60 * 60,
} satisfies Omit<QueueDefinition, 'name'>;

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
          useListenNotify: true,
          ...monitor(options),
        })
      : new PgBoss({
          connectionString: driver.url,
          max: 4,
          schema: 'pgboss',
          useListenNotify: true,
          ...monitor(options),
        });
  boss.on('error', (error: unknown) => {
    process.stderr.write(
      `job queue error: ${error instanceof Error ? error.stack : JSON.stringify(error)}\n`,
    );
  });
  await boss.start();
  const defined = new Set<string>();

  const define = async (queue: QueueDefinition) => {
    await boss.createQueue(queue.name, {
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelaySeconds,
      ...(queue.retryBackoff === undefined ? {} : { retryBackoff: queue.retryBackoff }),
      ...(queue.retryDelayMaxSeconds === undefined
        ? {}
        : { retryDelayMax: queue.retryDelayMaxSeconds }),
      expireInSeconds: queue.expireInSeconds,
      ...(queue.heartbeat ? { heartbeatSeconds: options.heartbeatSeconds ?? 10 } : {}),
      deleteAfterSeconds: queue.deleteAfterSeconds,
      ...(queue.notify ? { notify: true } : {}),
    });
    // Warm pg-boss's queue cache outside any transaction: on PGlite, a first lookup from inside
    // a transaction would wait for the connection that transaction holds.
    await boss.getJobById(queue.name, '00000000-0000-0000-0000-000000000000');
    defined.add(queue.name);
  };
  const assertDefined = (queue: string) => {
    if (!defined.has(queue)) {
      throw new Error(`job queue ${queue} is not defined in this process: define() it first`);
    }
  };

  return {
    define,
    async send(queue, data, { priority, singletonKey, executeSql } = {}) {
      assertDefined(queue);
      return boss.send(queue, data, {
        ...(priority === undefined ? {} : { priority }),
        ...(singletonKey === undefined ? {} : { singletonKey }),
        ...(executeSql
          ? { db: { executeSql: (text: string, values?: unknown[]) => executeSql(text, values) } }
          : {}),
      });
    },
    async work<T extends object>(
      queue: string,
      { concurrency, pollingIntervalSeconds }: WorkOptions,
      handler: (job: QueuedJob<T>) => Promise<unknown>,
    ) {
      assertDefined(queue);
      await boss.work<
        T,
        unknown,
        {
          localConcurrency: number;
          batchSize: 1;
          includeMetadata: true;
          pollingIntervalSeconds: number;
        }
      >(
        queue,
        {
          localConcurrency: concurrency,
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 1,
        },
        async ([job]) => {
          if (!job) return undefined;
          const stopTimer = jobDuration.startTimer({ queue });
          const outcome = () => (job.signal?.aborted ? 'cancelled' : 'failed');
          return handler({
            id: job.id,
            data: job.data,
            attempt: {
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              queuedAt: job.createdOn,
            },
            signal: job.signal ?? new AbortController().signal,
          }).then(
            (output) => {
              stopTimer({ outcome: 'completed' });
              return output;
            },
            (error: unknown) => {
              stopTimer({ outcome: outcome() });
              throw error;
            },
          );
        },
      );
    },
    async outcome(queue, id) {
      const job = await boss.getJobById(queue, id);
      if (!job) return { state: 'gone' };
      switch (job.state) {
        case 'created':
        case 'retry':
          return { state: 'waiting' };
        case 'active':
          return { state: 'running' };
        case 'completed':
          return { state: 'completed', output: job.output };
        case 'cancelled':
          return { state: 'cancelled' };
        default:
          return { state: 'failed' };
      }
    },
    async cancel(queue, id) {
      await boss.cancel(queue, id);
    },
    async remove(queue, id) {
      await boss.deleteJob(queue, id);
    },
    async scheduleRecurring(name, cron) {
      await define({ name, ...RECURRING });
      await boss.schedule(name, cron, null, { tz: 'UTC' });
    },
    async workRecurring(name, handler) {
      await boss.work(name, { pollingIntervalSeconds: 10 }, async () => handler());
    },
    async depth(queue) {
      const found = await boss.getQueue(queue);
      return { queued: found?.queuedCount ?? 0, active: found?.activeCount ?? 0 };
    },
    async jobCounts() {
      return jobCountsQuery(database.db);
    },
    async failedJobs(limit) {
      return failedJobsQuery(database.db, limit);
    },
    async retry(queue, id) {
      const job = await boss.getJobById(queue, id).catch(() => null);
      if (job?.state !== 'failed') return false;
      await boss.retry(queue, id);
      return true;
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
