import type { ExecuteSql } from '../../db/raw-transaction.js';
import type {
  JobAttempt,
  JobQueue,
  QueueDefinition,
  QueueDepth,
  QueuedJob,
} from '../../jobs/job-queue.js';
import type { WorkPriority } from '../../speech/engines/engine.js';

export const TRANSCRIPTION_QUEUE = 'transcription';

/**
 * One job per run of a transcription: 3 retries with backoff. Heartbeats get a killed worker's
 * job retried within seconds instead of after the 6-hour expiry (docs/decisions/0002).
 */
export const transcriptionQueue: QueueDefinition = {
  name: TRANSCRIPTION_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 6 * 60 * 60,
  heartbeat: true,
  deleteAfterSeconds: 7 * 24 * 60 * 60,
};

export interface TranscriptionJobData {
  transcriptionId: string;
  /** The queue hands out higher first, and the speech engine serves the job's chunks so too. */
  priority?: WorkPriority;
}

/**
 * Enqueues inside the caller's transaction, so the row and its job commit together. The job's
 * singleton key is the transcription id.
 */
export async function enqueueTranscription(
  queue: JobQueue,
  data: TranscriptionJobData,
  executeSql: ExecuteSql,
): Promise<void> {
  await queue.send(TRANSCRIPTION_QUEUE, data, {
    singletonKey: data.transcriptionId,
    priority: data.priority ?? 0,
    executeSql,
  });
}

/** Runs up to `concurrency` transcription jobs at once in this process. */
export async function workTranscriptions(
  queue: JobQueue,
  concurrency: number,
  handler: (data: TranscriptionJobData, attempt: JobAttempt) => Promise<void>,
): Promise<void> {
  await queue.work(
    TRANSCRIPTION_QUEUE,
    { concurrency },
    async (job: QueuedJob<TranscriptionJobData>) => handler(job.data, job.attempt),
  );
}

/** Transcription jobs waiting and running, for /api/health. */
export function transcriptionDepth(queue: JobQueue): Promise<QueueDepth> {
  return queue.depth(TRANSCRIPTION_QUEUE);
}
