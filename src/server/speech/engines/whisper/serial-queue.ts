import { insertByPriority } from '../insert-by-priority.js';

interface Waiter {
  priority: number;
  start: () => void;
}

/**
 * Runs tasks one at a time, higher priority first and otherwise in arrival order. A task whose
 * signal aborts while it waits leaves the queue without running, so a cancelled job does not hold
 * up the next one.
 */
export class SerialQueue {
  private running = false;
  private readonly waiting: Waiter[] = [];

  run<Result>(task: () => Promise<Result>, signal?: AbortSignal, priority = 0): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        const index = this.waiting.indexOf(waiter);
        if (index < 0) return; // already running: the task itself sees the signal
        this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        priority,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => this.next());
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      insertByPriority(this.waiting, waiter);
      if (!this.running) this.next();
    });
  }

  private next(): void {
    const waiter = this.waiting.shift();
    this.running = waiter !== undefined;
    waiter?.start();
  }
}
