import type { AdminQueue } from '../../core/api/admin.js';
import type { JobQueue } from '../jobs/job-queue.js';

/** Every queue with jobs waiting, active or failed, and the latest failures with their reasons. */
export async function queueOverview(queue: JobQueue, failedShown: number): Promise<AdminQueue> {
  const [counts, failed] = await Promise.all([queue.jobCounts(), queue.failedJobs(failedShown)]);
  const byQueue = new Map<string, AdminQueue['queues'][number]>();
  for (const { queue: name, state, count } of counts) {
    const row = byQueue.get(name) ?? { name, waiting: 0, active: 0, failed: 0 };
    row[state] += count;
    byQueue.set(name, row);
  }
  return {
    queues: [...byQueue.values()].sort((a, b) => a.name.localeCompare(b.name)),
    failed: failed.map((job) => ({ ...job, failedAt: job.failedAt?.toISOString() ?? null })),
  };
}
