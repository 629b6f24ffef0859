import type { JobQueue, QueueDefinition } from './job-queue.js';

/** Somebody waits on the page for these: above every background job's priority. */
export const INTERACTIVE_JOB_PRIORITY = 100;

/**
 * A queue of jobs somebody waits for: an idle worker is woken at once (notify), and one retry
 * covers a worker killed mid-job (its heartbeat stops). Their output lives only until read.
 */
export function interactiveQueue(name: string, expireInSeconds: number): QueueDefinition {
  return {
    name,
    retryLimit: 1,
    retryDelaySeconds: 0,
    expireInSeconds,
    heartbeat: true,
    deleteAfterSeconds: 60 * 60,
    notify: true,
  };
}

/** Why an awaited job gave no output. */
export class JobNotDoneError extends Error {
  constructor(
    /** `not-taken`: no worker took it in time; `failed`: it failed, was cancelled or vanished. */
    readonly reason: 'not-taken' | 'failed',
    queue: string,
  ) {
    super(
      reason === 'not-taken'
        ? `no worker took the ${queue} job in time`
        : `the ${queue} job ended without output`,
    );
    this.name = 'JobNotDoneError';
  }
}

export interface AwaitJobOptions {
  /** The requester left: the job is cancelled (its worker stops) and this rejects with the reason. */
  signal: AbortSignal;
  /** A job still waiting for a worker after this long is withdrawn. */
  maxWaitForWorkerMs: number;
  /** How often the output is looked for. */
  checkEveryMs: number;
  priority?: number;
}

/**
 * Sends a job for a worker process to do while a request waits, and returns what the job
 * returned; the job is removed afterwards, so nothing of it is kept.
 */
export async function awaitJobOutput(
  queue: JobQueue,
  name: string,
  data: object,
  options: AwaitJobOptions,
): Promise<unknown> {
  const { signal } = options;
  const id = await queue.send(name, data, {
    priority: options.priority ?? INTERACTIVE_JOB_PRIORITY,
  });
  if (id === null) throw new Error(`the ${name} job was not queued`);
  const takenBy = Date.now() + options.maxWaitForWorkerMs;
  try {
    for (;;) {
      if (signal.aborted) {
        await queue.cancel(name, id).catch(() => undefined);
        throw signal.reason;
      }
      const outcome = await queue.outcome(name, id);
      if (outcome.state === 'completed') return outcome.output;
      if (outcome.state === 'failed' || outcome.state === 'cancelled' || outcome.state === 'gone') {
        throw new JobNotDoneError('failed', name);
      }
      if (outcome.state === 'waiting' && Date.now() > takenBy) {
        await queue.cancel(name, id).catch(() => undefined);
        throw new JobNotDoneError('not-taken', name);
      }
      await pause(options.checkEveryMs, signal);
    }
  } finally {
    await queue.remove(name, id).catch(() => undefined);
  }
}

/** Waits `ms`, or less if `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Aborts when the awaited job is cancelled (its requester left) or removed, checked every
 * `everyMs`, or when the queue takes the job from this worker (`jobSignal`).
 */
export function whenJobCancelled(
  queue: JobQueue,
  name: string,
  job: { id: string; signal: AbortSignal },
  everyMs: number,
): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort(new Error(`the ${name} job was cancelled`));
  job.signal.addEventListener('abort', abort, { once: true });
  const timer = setInterval(() => {
    queue.outcome(name, job.id).then(
      (outcome) => {
        if (outcome.state === 'cancelled' || outcome.state === 'gone') abort();
      },
      () => undefined, // the database is away: keep going, the answer may still be read
    );
  }, everyMs);
  return {
    signal: controller.signal,
    stop() {
      clearInterval(timer);
      job.signal.removeEventListener('abort', abort);
    },
  };
}
