import type { DatabaseHandle } from '../db/database.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { sweepAuditEvents } from './sweep-audit-events.js';

export const AUDIT_SWEEP_QUEUE = 'audit-sweep';

/**
 * Daily at 03:41 (pg-boss cron: each run in one process): events older than
 * AUDIT_RETENTION_DAYS are deleted within a day of falling due.
 */
export async function startAuditSweepJobs(
  queue: JobQueue,
  deps: { database: DatabaseHandle; days: number },
  options: { work: boolean },
): Promise<void> {
  await queue.scheduleRecurring(AUDIT_SWEEP_QUEUE, '41 3 * * *');
  if (options.work) {
    await queue.workRecurring(AUDIT_SWEEP_QUEUE, async () => {
      await sweepAuditEvents(deps.database, deps.days);
    });
  }
}
