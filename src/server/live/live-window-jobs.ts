import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LiveSegment } from '../../core/live-transcription.js';
import { awaitJobOutput, interactiveQueue, whenJobCancelled } from '../jobs/await-job-output.js';
import type { JobQueue, QueuedJob } from '../jobs/job-queue.js';
import type { EngineLease } from '../speech/engine-slot.js';
import { WORK_PRIORITY, type SpeechEngine } from '../speech/engines/engine.js';
import type { ObjectStorage } from '../storage/object-storage.js';

export const LIVE_WINDOW_QUEUE = 'live-window';
/** Each window's audio is stored under this prefix while its job runs. */
export const LIVE_WINDOW_KEY_PREFIX = 'live-';

/**
 * One window of a live preview, decoded by a worker process for an API process that runs no
 * speech: somebody watches the words appear.
 */
export const liveWindowQueue = interactiveQueue(LIVE_WINDOW_QUEUE, 60);

export interface LiveWindowJobData {
  /** The window's 16 kHz mono s16le PCM in object storage; the sender removes it. */
  audioKey: string;
  /** The settled text before the window, for engines that carry context (whisper). */
  previousText: string;
}

export interface LiveWindowOutput {
  segments: LiveSegment[];
}

/** What a live session needs of an engine: decode one window of PCM. */
export type WindowTranscriber = Pick<SpeechEngine, 'carriesContext' | 'transcribe'>;

/** Windows at once in each worker process, beside its transcription jobs and free trials. */
const WINDOWS_PER_PROCESS = 2;
/** How often a running window checks whether its session is still open. */
const CANCEL_CHECK_MS = 250;

/** Subscribes this worker process to live preview windows, decoded at interactive priority. */
export async function startLiveWindowWorkers(options: {
  queue: JobQueue;
  storage: ObjectStorage;
  /** Local folder for each window's copy of its audio. */
  workDir: string;
  engine: { acquire(): EngineLease };
}): Promise<void> {
  const { queue, storage } = options;
  await queue.work<LiveWindowJobData>(
    LIVE_WINDOW_QUEUE,
    { concurrency: WINDOWS_PER_PROCESS },
    async (job: QueuedJob<LiveWindowJobData>): Promise<LiveWindowOutput> => {
      const sessionGone = whenJobCancelled(queue, LIVE_WINDOW_QUEUE, job, CANCEL_CHECK_MS);
      const lease = options.engine.acquire();
      const jobDir = await mkdtemp(path.join(options.workDir, 'live-'));
      try {
        const fetched = await storage.fetch(job.data.audioKey, jobDir);
        const bytes = await readFile(fetched.path);
        const pcm = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteLength));
        const { engine } = lease;
        const result = await engine.transcribe(pcm, {
          priority: WORK_PRIORITY.interactive,
          signal: sessionGone.signal,
          ...(engine.carriesContext ? { previousText: job.data.previousText } : {}),
        });
        return {
          segments: result.segments.map(({ start, end, text }) => ({ start, end, text })),
        };
      } finally {
        sessionGone.stop();
        lease.release();
        await rm(jobDir, { recursive: true, force: true });
      }
    },
  );
}

/** The longest a window waits for a worker: a live preview that lags this much is no preview. */
const MAX_WAIT_FOR_WORKER_MS = 15_000;
/** How often the session looks for the words: each check is a query, each window ~1 s of audio. */
const ANSWER_CHECK_MS = 50;

/** For an API process without an engine: each window goes to the workers through the queue. */
export function queuedWindowTranscriber(options: {
  queue: JobQueue;
  storage: ObjectStorage;
  /** Local folder where each window is written before it is stored. */
  workDir: string;
}): WindowTranscriber {
  const { queue, storage, workDir } = options;
  return {
    // The worker passes the text on only when its engine uses it.
    carriesContext: true,
    async transcribe(pcm, transcribeOptions = {}) {
      const audioKey = `${LIVE_WINDOW_KEY_PREFIX}${randomUUID()}.pcm`;
      const localPath = path.join(workDir, audioKey);
      const signal = transcribeOptions.signal ?? new AbortController().signal;
      try {
        await writeFile(localPath, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
        await storage.putFile(audioKey, localPath);
        const data: LiveWindowJobData = {
          audioKey,
          previousText: transcribeOptions.previousText ?? '',
        };
        const output = (await awaitJobOutput(queue, LIVE_WINDOW_QUEUE, data, {
          signal,
          maxWaitForWorkerMs: MAX_WAIT_FOR_WORKER_MS,
          checkEveryMs: ANSWER_CHECK_MS,
        })) as LiveWindowOutput;
        const segments = output.segments;
        return { text: segments.map((segment) => segment.text.trim()).join(' '), segments };
      } finally {
        await rm(localPath, { force: true });
        await storage.delete(audioKey);
      }
    },
  };
}
