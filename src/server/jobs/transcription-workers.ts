import type { Database } from '../db/database.js';
import type { SpeechEngine } from '../speech/engines/engine.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import {
  processTranscription,
  type ProcessTranscriptionDeps,
} from '../transcriptions/process-transcription.js';
import type { JobQueue } from './job-queue.js';

export interface TranscriptionWorkersOptions {
  queue: JobQueue;
  db: Database;
  storage: ObjectStorage;
  engine: SpeechEngine;
  concurrency: number;
  log: ProcessTranscriptionDeps['log'];
}

/** Subscribes this process to transcription jobs; the queue spreads them over every worker process. */
export async function startTranscriptionWorkers(
  options: TranscriptionWorkersOptions,
): Promise<void> {
  const deps: ProcessTranscriptionDeps = {
    db: options.db,
    storage: options.storage,
    engine: options.engine,
    log: options.log,
  };
  await options.queue.workTranscriptions(options.concurrency, (data, attempt) =>
    processTranscription(deps, data, attempt),
  );
}
