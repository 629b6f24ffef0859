import type { JobQueue } from '../../jobs/job-queue.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Database } from '../../db/database.js';
import { purgeDeletedTranscriptions } from './purge-deleted-transcriptions.js';

export const PURGE_DELETED_QUEUE = 'purge-deleted-transcriptions';

/**
 * Every minute (pg-boss cron: each run in one process, and a restart loses none): transcripts
 * past their undo are deleted for good, within about 90 s of their deletion.
 */
export async function startPurgeJobs(
  queue: JobQueue,
  deps: { db: Database; storage: ObjectStorage },
  options: { work: boolean },
): Promise<void> {
  await queue.scheduleRecurring(PURGE_DELETED_QUEUE, '* * * * *');
  if (options.work) {
    await queue.workRecurring(PURGE_DELETED_QUEUE, async () => {
      await purgeDeletedTranscriptions(deps.db, deps.storage);
    });
  }
}
