import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../jobs/job-queue.js';
import { accountDeletionRoutes } from './account-deletion.routes.js';
import type { Auth } from '../accounts/auth.js';
import type { DeleteAccountDeps } from './delete-account.js';
import {
  finishAccountDeletions,
  type FinishAccountDeletionsDeps,
} from './finish-account-deletions.js';

export const ACCOUNT_DELETIONS_QUEUE = 'account-deletions';

export interface AccountDeletionOptions {
  auth: Auth;
  deps: DeleteAccountDeps;
  queue: JobQueue;
  /** This process works scheduled jobs (in-process workers). */
  runJobs: boolean;
}

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

/** DELETE /api/account, and the job that finishes what it leaves. */
export async function registerAccountDeletion(
  app: FastifyInstance,
  options: AccountDeletionOptions,
): Promise<void> {
  await app.register(accountDeletionRoutes, { auth: options.auth, deps: options.deps });
  await startAccountDeletionJobs(options.queue, options.deps, { work: options.runJobs });
}
