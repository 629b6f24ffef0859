import type { ExecuteSql } from '../db/raw-transaction.js';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue.js';

export const REMEMBER_VOICES_QUEUE = 'remember-voices';

/** Measuring a few voices takes seconds; a lost one is retried soon, then given up. */
export const rememberVoicesQueue: QueueDefinition = {
  name: REMEMBER_VOICES_QUEUE,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 10 * 60,
  heartbeat: true,
  deleteAfterSeconds: 24 * 60 * 60,
  notify: true,
};

export interface RememberVoicesJobData {
  transcriptionId: string;
  /** The names the edit gave to lines of this recording. */
  names: string[];
  /** Names already on lines whose lines the edit changed (`namesMoved`). */
  moved?: string[];
}

/** Enqueues inside the edit's transaction, so a saved name and the job to remember it commit together. */
export async function enqueueRememberVoices(
  queue: JobQueue,
  data: RememberVoicesJobData,
  executeSql: ExecuteSql,
): Promise<void> {
  await queue.send(REMEMBER_VOICES_QUEUE, data, { executeSql });
}

export async function workRememberVoices(
  queue: JobQueue,
  handler: (data: RememberVoicesJobData) => Promise<void>,
): Promise<void> {
  await queue.work<RememberVoicesJobData>(REMEMBER_VOICES_QUEUE, { concurrency: 1 }, (job) =>
    handler(job.data),
  );
}
