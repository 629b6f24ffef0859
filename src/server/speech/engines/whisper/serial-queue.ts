/**
 * Runs tasks one at a time in arrival order. A task whose signal aborts while it waits leaves
 * the queue without running, so a cancelled job does not hold up the next one.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  run<Result>(task: () => Promise<Result>, signal?: AbortSignal): Promise<Result> {
    const turn = this.tail;
    let release: () => void = () => {};
    this.tail = new Promise((resolve) => (release = resolve));
    const waitForTurn = new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      void turn.then(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
    return waitForTurn
      .then(() => {
        signal?.throwIfAborted();
        return task();
      })
      .finally(() => {
        // An aborted waiter still hands over only after the tasks before it are done.
        void turn.then(release);
      });
  }
}
