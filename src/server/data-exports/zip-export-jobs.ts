import type { JobQueue, QueueDefinition } from '../jobs/job-queue.js';
import type { ExecuteSql } from '../db/raw-transaction.js';
import { buildZipExport, type BuildZipExportDeps } from './build-zip-export.js';
import { sweepZipExports } from './sweep-zip-exports.js';
import { markZipExportFailed } from './zip-exports.repository.js';

export const ZIP_EXPORTS_QUEUE = 'zip-exports';
const ZIP_EXPORT_SWEEP_QUEUE = 'zip-export-sweep';

/**
 * A whole account's audio can take a while to copy; a worker killed meanwhile stops sending
 * heartbeats and the job runs again elsewhere, overwriting the same file.
 */
export const zipExportsQueue: QueueDefinition = {
  name: ZIP_EXPORTS_QUEUE,
  retryLimit: 2,
  retryDelaySeconds: 10,
  expireInSeconds: 4 * 60 * 60,
  heartbeat: true,
  deleteAfterSeconds: 24 * 60 * 60,
  notify: true,
};

export interface ZipExportJobData {
  exportId: string;
  /** The address the user asked from: the emailed link goes there. */
  origin: string;
}

export const ZIP_EXPORT_FAILED_MESSAGE =
  'The download could not be prepared. Please try again; if it fails again, contact support.';

export async function enqueueZipExport(
  queue: JobQueue,
  data: ZipExportJobData,
  executeSql: ExecuteSql,
): Promise<void> {
  await queue.send(ZIP_EXPORTS_QUEUE, data, { executeSql });
}

/**
 * Every process, API or worker, defines the queue (to send) and builds ZIPs one at a time: they
 * need no speech engine. The hourly sweep runs in one process per occurrence.
 */
export async function startZipExportJobs(
  queue: JobQueue,
  deps: BuildZipExportDeps & { log: (error: unknown, message: string) => void },
): Promise<void> {
  await queue.define(zipExportsQueue);
  await queue.work<ZipExportJobData>(ZIP_EXPORTS_QUEUE, { concurrency: 1 }, async (job) => {
    try {
      await buildZipExport(deps, job.data.exportId, job.data.origin);
    } catch (error) {
      deps.log(error, 'a ZIP export failed');
      if (job.attempt.retryCount >= job.attempt.retryLimit)
        await markZipExportFailed(deps.db, job.data.exportId, ZIP_EXPORT_FAILED_MESSAGE);
      throw error;
    }
  });
  await queue.scheduleRecurring(ZIP_EXPORT_SWEEP_QUEUE, '47 * * * *');
  await queue.workRecurring(ZIP_EXPORT_SWEEP_QUEUE, async () => {
    await sweepZipExports(deps);
  });
}
