import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { FREE_TRANSCRIPT_SECONDS } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import {
  awaitJobOutput,
  interactiveQueue,
  JobNotDoneError,
  whenJobCancelled,
} from '../jobs/await-job-output.js';
import type { JobQueue, QueuedJob } from '../jobs/job-queue.js';
import { AudioError } from '../speech/audio/audio-error.js';
import type { AudioDemuxer } from '../speech/audio/sniff-audio-format.js';
import type { EngineLease } from '../speech/engine-slot.js';
import { WORK_PRIORITY } from '../speech/engines/engine.js';
import { transcribeAudioFile } from '../speech/transcribe-audio-file.js';
import type { ObjectStorage } from '../storage/object-storage.js';

export const FREE_TRIAL_QUEUE = 'free-trial';
/** Each trial's upload is stored under this prefix while its job runs. */
export const FREE_TRIAL_KEY_PREFIX = 'trial-';

/** A visitor waits for each of these. */
export const freeTrialQueue = interactiveQueue(FREE_TRIAL_QUEUE, 5 * 60);

export interface FreeTrialJobData {
  /** The upload in object storage; the request that sent the job removes it. */
  audioKey: string;
  demuxer: AudioDemuxer;
}

/** What a trial job returns: the text, or the reason the audio could not be read. */
export type FreeTrialOutput =
  { text: string; engine: string; model: string } | { audioError: string };

export interface FreeTrialWorkersOptions {
  queue: JobQueue;
  storage: ObjectStorage;
  /** Local folder for each trial's temporary files. */
  workDir: string;
  /** A trial does not decode into the last this many bytes of the work folder's disk. */
  minFreeDiskBytes?: number;
  engine: { acquire(): EngineLease };
}

/**
 * Trials at once in each worker process, beside (not instead of) its transcription jobs, so a
 * trial never waits for a job to end: the engine serves its chunks before theirs.
 */
const TRIALS_PER_PROCESS = 2;

/** How often a running trial checks whether its visitor is still waiting. */
const CANCEL_CHECK_MS = 250;

/** Subscribes this process to free trials: the first 30 s, at interactive priority, nothing kept. */
export async function startFreeTrialWorkers(options: FreeTrialWorkersOptions): Promise<void> {
  const { queue, storage } = options;
  await queue.work<FreeTrialJobData>(
    FREE_TRIAL_QUEUE,
    { concurrency: TRIALS_PER_PROCESS },
    async (job: QueuedJob<FreeTrialJobData>): Promise<FreeTrialOutput> => {
      const visitorGone = whenJobCancelled(queue, FREE_TRIAL_QUEUE, job, CANCEL_CHECK_MS);
      const lease = options.engine.acquire();
      const jobDir = await mkdtemp(path.join(options.workDir, 'trial-'));
      try {
        const audio = await storage.fetch(job.data.audioKey, jobDir);
        const result = await transcribeAudioFile({
          inputPath: audio.path,
          demuxer: job.data.demuxer,
          maxSeconds: FREE_TRANSCRIPT_SECONDS,
          engine: lease.engine,
          workDir: jobDir,
          minFreeDiskBytes: options.minFreeDiskBytes,
          priority: WORK_PRIORITY.interactive,
          signal: visitorGone.signal,
        });
        return { text: result.text, engine: lease.engine.name, model: lease.engine.model };
      } catch (error) {
        if (error instanceof AudioError) return { audioError: error.message };
        throw error;
      } finally {
        visitorGone.stop();
        lease.release();
        await rm(jobDir, { recursive: true, force: true });
      }
    },
  );
}

export const FREE_TRIALS_BUSY =
  'Free trials are busy right now. Please try again in a minute, or sign up for free to keep going.';
export const FREE_TRIAL_FAILED = 'The free trial could not be transcribed. Please try again.';

/** How often the waiting request looks for the answer. */
const ANSWER_CHECK_MS = 100;
/** A trial no worker has taken by then is withdrawn: no worker is running, or all are swamped. */
const MAX_WAIT_FOR_WORKER_MS = 60_000;

export interface FreeTrialWait {
  /** The visitor left: the job is cancelled and its worker stops. */
  signal: AbortSignal;
  maxWaitForWorkerMs?: number;
}

/** Sends the trial to the workers and waits for its output; the job is removed afterwards. */
export async function runFreeTrialJob(
  queue: JobQueue,
  data: FreeTrialJobData,
  wait: FreeTrialWait,
): Promise<FreeTrialOutput> {
  try {
    const output = await awaitJobOutput(queue, FREE_TRIAL_QUEUE, data, {
      signal: wait.signal,
      maxWaitForWorkerMs: wait.maxWaitForWorkerMs ?? MAX_WAIT_FOR_WORKER_MS,
      checkEveryMs: ANSWER_CHECK_MS,
    });
    return output as FreeTrialOutput;
  } catch (error) {
    if (!(error instanceof JobNotDoneError)) throw error;
    const busy = error.reason === 'not-taken';
    throw new AppError('unavailable', busy ? FREE_TRIALS_BUSY : FREE_TRIAL_FAILED);
  }
}
