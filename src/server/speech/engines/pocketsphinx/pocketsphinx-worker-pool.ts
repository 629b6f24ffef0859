import type { TimedWord } from '../../../../core/words.js';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { insertByPriority } from '../insert-by-priority.js';
import { SpeechEngineError } from '../speech-engine-error.js';
import type { Utterance } from './pocketsphinx-decoder.js';
import type { SpeechAnalysis } from './speech-analysis.js';
import type {
  PocketSphinxWorkerData,
  WorkerReply,
  WorkerRequest,
  WorkerResult,
  WorkerTask,
} from './worker-messages.js';

/** How a caller asks for work: cancellable, and served ahead of lower priorities while it waits. */
export interface TaskOptions {
  signal?: AbortSignal;
  /** Higher goes first; equal priorities keep their order (see WORK_PRIORITY). */
  priority?: number;
}

interface Task {
  work: WorkerTask;
  signal: AbortSignal | undefined;
  priority: number;
  resolve: (result: WorkerResult) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

interface PooledWorker {
  worker: Worker;
  ready: boolean;
  task: Task | undefined;
  taskId: number;
}

const CLOSE_GRACE_MS = 5_000;

export interface WorkerEntry {
  script: URL | string;
  /** True when `script` is code to run rather than a file. */
  eval: boolean;
}

/**
 * From the compiled build the worker is the `.js` file beside this one. From TypeScript sources
 * (tsx, Vitest) it is the `.ts` file, which needs tsx; Node 20 does not apply ESM loader hooks
 * inside workers, so a small CommonJS bootstrap installs tsx's require hook and loads it.
 */
export function pocketSphinxWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  if (!moduleUrl.endsWith('.ts'))
    return { script: new URL('./pocketsphinx-worker.js', moduleUrl), eval: false };
  const tsxRequireHook = createRequire(moduleUrl).resolve('tsx/cjs');
  const workerPath = fileURLToPath(new URL('./pocketsphinx-worker.ts', moduleUrl));
  return {
    script: `require(${JSON.stringify(tsxRequireHook)});\nrequire(${JSON.stringify(workerPath)});`,
    eval: true,
  };
}

/** Long-lived decoder threads: each loads the model once and then takes chunk after chunk. */
export class PocketSphinxWorkerPool {
  private readonly workers = new Set<PooledWorker>();
  private readonly queue: Task[] = [];
  private nextTaskId = 1;
  private closed = false;
  private loads = 0;
  private seeds: boolean | undefined;
  readonly size: number;
  private readonly workerData: PocketSphinxWorkerData;

  constructor(size: number, workerData: PocketSphinxWorkerData) {
    this.size = size;
    this.workerData = workerData;
  }

  /** How many times a worker loaded the model: once per thread, never per chunk. */
  get modelLoads(): number {
    return this.loads;
  }

  get threadCount(): number {
    return this.workers.size;
  }

  /** Whether the decoders start each chunk from the mean they are given; known once one has loaded. */
  get seedsCepstralMean(): boolean | undefined {
    return this.seeds;
  }

  async decode(
    samples: Int16Array,
    options: TaskOptions & { startMean?: Float32Array; vocabularyWords?: string[] } = {},
  ): Promise<Utterance[]> {
    const { startMean, vocabularyWords, ...taskOptions } = options;
    const result = await this.run(
      {
        type: 'decode',
        samples,
        ...(startMean ? { startMean } : {}),
        ...(vocabularyWords?.length ? { vocabularyWords } : {}),
      },
      taskOptions,
    );
    if (result.type !== 'decoded')
      throw new SpeechEngineError('a PocketSphinx worker answered oddly');
    return result.utterances;
  }

  /** Forced alignment of written words to samples: see PocketSphinxAligner. */
  async align(
    samples: Int16Array,
    words: string[],
    options: TaskOptions = {},
  ): Promise<(TimedWord | null)[] | null> {
    const result = await this.run({ type: 'align', samples, words }, options);
    if (result.type !== 'aligned')
      throw new SpeechEngineError('a PocketSphinx worker answered oddly');
    return result.words;
  }

  async analyse(pcmPath: string, options: TaskOptions = {}): Promise<SpeechAnalysis> {
    const result = await this.run({ type: 'analyse', pcmPath }, options);
    if (result.type !== 'analysed')
      throw new SpeechEngineError('a PocketSphinx worker answered oddly');
    return result.analysis;
  }

  private run(work: WorkerTask, { signal, priority = 0 }: TaskOptions): Promise<WorkerResult> {
    if (this.closed)
      return Promise.reject(new SpeechEngineError('the PocketSphinx engine is closed'));
    signal?.throwIfAborted();
    return new Promise<WorkerResult>((resolve, reject) => {
      const task: Task = { work, signal, priority, resolve, reject, settled: false };
      const onAbort = (): void => {
        const queued = this.queue.indexOf(task);
        if (queued >= 0) this.queue.splice(queued, 1);
        // A running decode cannot be interrupted; its result is dropped when it arrives.
        settle(task, () => reject(signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      task.resolve = (result) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      task.reject = (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      insertByPriority(this.queue, task);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const task of this.queue.splice(0)) {
      settle(task, () => task.reject(new SpeechEngineError('the PocketSphinx engine was closed')));
    }
    await Promise.all([...this.workers].map((pooled) => this.stop(pooled)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const idle = [...this.workers].find((pooled) => pooled.ready && !pooled.task);
      const pooled = idle ?? (this.workers.size < this.size ? this.spawn() : undefined);
      if (!pooled) return;
      const task = this.queue.shift();
      if (!task) return;
      pooled.task = task;
      pooled.worker.ref();
      if (pooled.ready) this.send(pooled);
    }
  }

  private send(pooled: PooledWorker): void {
    const task = pooled.task;
    if (!task) return;
    pooled.taskId = this.nextTaskId++;
    const work = task.work;
    let request: WorkerRequest;
    if (work.type === 'decode' || work.type === 'align') {
      // Posting a view copies its whole buffer; a view into a long recording is trimmed first.
      const whole = work.samples.byteLength === work.samples.buffer.byteLength;
      const samples = whole ? work.samples : work.samples.slice();
      request = { ...work, samples, id: pooled.taskId };
    } else {
      request = { ...work, id: pooled.taskId };
    }
    pooled.worker.postMessage(request);
  }

  private spawn(): PooledWorker {
    const entry = pocketSphinxWorkerEntry();
    const worker = new Worker(entry.script, { workerData: this.workerData, eval: entry.eval });
    const pooled: PooledWorker = { worker, ready: false, task: undefined, taskId: 0 };
    this.workers.add(pooled);
    worker.on('message', (reply: WorkerReply) => this.onReply(pooled, reply));
    worker.on('error', (error: Error) =>
      this.retire(pooled, new SpeechEngineError(`a PocketSphinx worker failed: ${error.message}`)),
    );
    worker.on('exit', (code) =>
      this.retire(
        pooled,
        new SpeechEngineError(`a PocketSphinx worker stopped (exit code ${code})`),
      ),
    );
    return pooled;
  }

  private onReply(pooled: PooledWorker, reply: WorkerReply): void {
    switch (reply.type) {
      case 'ready':
        pooled.ready = true;
        this.loads += 1;
        this.seeds = reply.seedsCepstralMean;
        if (pooled.task) this.send(pooled);
        else this.idle(pooled);
        return;
      case 'failed':
        this.retire(pooled, new SpeechEngineError(reply.message));
        return;
      case 'decoded':
      case 'aligned':
      case 'analysed':
      case 'error': {
        const task = pooled.task;
        if (!task || reply.id !== pooled.taskId) return;
        pooled.task = undefined;
        if (reply.type === 'error')
          settle(task, () => task.reject(new SpeechEngineError(reply.message)));
        else settle(task, () => task.resolve(reply));
        this.idle(pooled);
        this.dispatch();
        return;
      }
    }
  }

  /** An idle worker must not keep the process alive. */
  private idle(pooled: PooledWorker): void {
    if (!pooled.task) pooled.worker.unref();
  }

  private retire(pooled: PooledWorker, error: SpeechEngineError): void {
    if (!this.workers.delete(pooled)) return;
    const task = pooled.task;
    pooled.task = undefined;
    void pooled.worker.terminate();
    if (task) settle(task, () => task.reject(error));
    if (!this.closed) this.dispatch();
  }

  private async stop(pooled: PooledWorker): Promise<void> {
    this.workers.delete(pooled);
    const task = pooled.task;
    if (task)
      settle(task, () => task.reject(new SpeechEngineError('the PocketSphinx engine was closed')));
    const exited = new Promise<void>((resolve) => pooled.worker.once('exit', () => resolve()));
    if (pooled.ready && !task) {
      const request: WorkerRequest = { type: 'close' };
      pooled.worker.postMessage(request);
      const timer = setTimeout(() => void pooled.worker.terminate(), CLOSE_GRACE_MS);
      await exited;
      clearTimeout(timer);
    } else {
      await pooled.worker.terminate();
    }
  }
}

function settle(task: Task, action: () => void): void {
  if (task.settled) return;
  task.settled = true;
  action();
}
