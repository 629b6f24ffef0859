import type { JobQueue } from '../jobs/job-queue.js';
import { applyRetention, type RetentionDeps } from './apply-retention.js';

export const RETENTION_QUEUE = 'retention';

/**
 * Every hour at :17 (pg-boss cron: each run in one process, and a restart loses none): what the
 * retention settings say is due is deleted within the hour it falls due.
 */
export async function startRetentionJobs(
  queue: JobQueue,
  deps: RetentionDeps,
  options: { work: boolean },
): Promise<void> {
  await queue.scheduleRecurring(RETENTION_QUEUE, '17 * * * *');
  if (options.work) {
    await queue.workRecurring(RETENTION_QUEUE, async () => {
      await applyRetention(deps);
    });
  }
}
