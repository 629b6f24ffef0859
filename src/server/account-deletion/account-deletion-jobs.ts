import type { JobQueue } from '../jobs/job-queue.js';
import {
  finishAccountDeletions,
  type FinishAccountDeletionsDeps,
} from './finish-account-deletions.js';

export const ACCOUNT_DELETIONS_QUEUE = 'account-deletions';

/** The hourly job that finishes deletions (pg-boss cron: each run goes to one process). */
export async function startAccountDeletionJobs(
  queue: JobQueue,
  deps: FinishAccountDeletionsDeps,
  options: { work: boolean },
): Promise<void> {
  await queue.scheduleRecurring(ACCOUNT_DELETIONS_QUEUE, '17 * * * *');
  if (options.work) {
    await queue.workRecurring(ACCOUNT_DELETIONS_QUEUE, async () => {
      await finishAccountDeletions(deps);
    });
  }
}
