import { randomUUID } from 'node:crypto';
import type { FreeTrialResult } from '../../core/api/free-trial.js';
import { FREE_TRANSCRIPT_SECONDS } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import type { ReceivedAudio } from '../uploads/receive-audio.js';
import { FREE_TRIAL_KEY_PREFIX, runFreeTrialJob } from './free-trial-jobs.js';

/**
 * Stores the trial's audio for a worker, waits for the first 30 seconds' text and removes the
 * audio again: nothing of a trial is kept. `signal` aborts when the visitor leaves, and the job is
 * cancelled so its worker stops decoding and transcribing.
 */
export async function transcribeFreeTrial(
  deps: { queue: JobQueue; storage: ObjectStorage },
  audio: ReceivedAudio,
  signal: AbortSignal,
): Promise<FreeTrialResult> {
  const audioKey = `${FREE_TRIAL_KEY_PREFIX}${randomUUID()}`;
  try {
    await deps.storage.putFile(audioKey, audio.tempPath);
    const output = await runFreeTrialJob(
      deps.queue,
      { audioKey, demuxer: audio.format.demuxer },
      { signal },
    );
    if ('audioError' in output) throw new AppError('unprocessable', output.audioError);
    return {
      text: output.text,
      isTruncated: audio.durationSeconds > FREE_TRANSCRIPT_SECONDS,
      durationInSeconds: audio.durationSeconds,
      engine: output.engine,
      model: output.model,
    };
  } finally {
    await deps.storage.delete(audioKey);
  }
}
