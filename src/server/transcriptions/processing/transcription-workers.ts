import type { Database } from '../../db/database.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import type { EngineLease } from '../../speech/engine-slot.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { processTranscription, type ProcessTranscriptionDeps } from './process-transcription.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { workTranscriptions } from './transcription-jobs.js';

export interface TranscriptionWorkersOptions {
  queue: JobQueue;
  db: Database;
  storage: ObjectStorage;
  /** Local folder for each job's temporary files. */
  workDir: string;
  /** Jobs do not decode into the last this many bytes of the work folder's disk. */
  minFreeDiskBytes: number;
  /** The engine serving new jobs now; each job keeps the one it started on to its end. */
  engine: { acquire(): EngineLease };
  concurrency: number;
  signals: TranscriptionSignals;
  log: ProcessTranscriptionDeps['log'];
  notifyReady?: ProcessTranscriptionDeps['notifyReady'];
  announce?: ProcessTranscriptionDeps['announce'];
}

/** Subscribes this process to transcription jobs; the queue spreads them over every worker process. */
export async function startTranscriptionWorkers(
  options: TranscriptionWorkersOptions,
): Promise<void> {
  await workTranscriptions(options.queue, options.concurrency, async (data, attempt) => {
    const lease = options.engine.acquire();
    try {
      await processTranscription(
        {
          db: options.db,
          storage: options.storage,
          workDir: options.workDir,
          minFreeDiskBytes: options.minFreeDiskBytes,
          engine: lease.engine,
          log: options.log,
          notifyReady: options.notifyReady,
          announce: options.announce,
          signals: options.signals,
        },
        data,
        attempt,
      );
    } finally {
      lease.release();
    }
  });
}
