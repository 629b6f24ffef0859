import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.js';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('SerialQueue', () => {
  it('runs one task at a time in arrival order, skipping tasks cancelled while waiting', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const first = deferred();
    const cancelled = new AbortController();
    const a = queue.run(async () => {
      order.push('a starts');
      await first.promise;
      order.push('a ends');
    });
    const b = queue.run(async () => order.push('b'), cancelled.signal);
    const c = queue.run(async () => order.push('c'));
    cancelled.abort(new Error('job cancelled'));
    await expect(b).rejects.toThrow('job cancelled');
    expect(order).toEqual(['a starts']);
    first.resolve();
    await Promise.all([a, c]);
    expect(order).toEqual(['a starts', 'a ends', 'c']);
  });

  it('goes on after a task fails', async () => {
    const queue = new SerialQueue();
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
