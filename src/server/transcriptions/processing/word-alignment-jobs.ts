import type { JobQueue, QueueDefinition } from '../../jobs/job-queue.js';

export const WORD_ALIGNMENT_QUEUE = 'word-alignment';

/** Aligning a few edited lines takes seconds; a lost one is retried soon, then given up. */
export const wordAlignmentQueue: QueueDefinition = {
  name: WORD_ALIGNMENT_QUEUE,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 10 * 60,
  heartbeat: true,
  deleteAfterSeconds: 24 * 60 * 60,
  notify: true,
};

export interface WordAlignmentJobData {
  transcriptionId: string;
}

/** Asks a worker to align the words of the lines a person rewrote in this transcript. */
export async function enqueueWordAlignment(
  queue: JobQueue,
  data: WordAlignmentJobData,
): Promise<void> {
  await queue.send(WORD_ALIGNMENT_QUEUE, data, { singletonKey: data.transcriptionId });
}

export async function workWordAlignments(
  queue: JobQueue,
  handler: (data: WordAlignmentJobData, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  await queue.work<WordAlignmentJobData>(WORD_ALIGNMENT_QUEUE, { concurrency: 1 }, (job) =>
    handler(job.data, job.signal),
  );
}
