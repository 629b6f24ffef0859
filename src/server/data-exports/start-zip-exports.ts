import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { ExportThreadPool } from '../transcriptions/exports/export-thread-pool.js';
import { startZipExportJobs } from './zip-export-jobs.js';

/**
 * Builds ZIP exports in this process (API or worker) on one export thread of its own, so a long
 * PDF inside an archive never holds up requests. Answers how to stop: call it after the queue
 * stopped, so a running build finishes first.
 */
export async function startZipExports(
  deps: {
    queue: JobQueue;
    db: Database;
    storage: ObjectStorage;
    workDir: string;
    mailer: Mailer;
  },
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const threads = new ExportThreadPool(1);
  await startZipExportJobs(deps.queue, {
    ...deps,
    buildExport: (format, source) => threads.run(format, source),
    log: (error, message) => log.error({ err: error }, message),
  });
  return () => threads.close();
}
