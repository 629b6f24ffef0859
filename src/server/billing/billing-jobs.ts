import type { JobQueue } from '../jobs/job-queue.js';
import type { Billing } from './create-billing.js';

export const TEST_RENEWALS_QUEUE = 'billing-test-renewals';

/**
 * Test mode renews monthly on its own, as Stripe does: a pg-boss cron job (one process runs each
 * occurrence) settles every subscription whose period has ended by the provider's clock. Stripe
 * needs no job. `work` is false in processes that run no workers.
 */
export async function startBillingJobs(
  queue: JobQueue,
  billing: Billing,
  options: { work: boolean },
): Promise<void> {
  const testMode = billing.testMode;
  if (!testMode) return;
  await queue.scheduleRecurring(TEST_RENEWALS_QUEUE, '* * * * *');
  if (options.work) await queue.workRecurring(TEST_RENEWALS_QUEUE, () => testMode.runRenewals());
}
