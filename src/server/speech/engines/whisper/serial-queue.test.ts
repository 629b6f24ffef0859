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

  it('a higher priority waiting task runs before lower ones that came earlier', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const first = deferred();
    const running = queue.run(async () => {
      order.push('free job, running');
      await first.promise;
    });
    const waiting = [
      queue.run(async () => order.push('free job'), undefined, 0),
      queue.run(async () => order.push('pro job'), undefined, 1),
      queue.run(async () => order.push('free trial'), undefined, 2),
      queue.run(async () => order.push('second pro job'), undefined, 1),
    ];
    first.resolve();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual([
      'free job, running',
      'free trial',
      'pro job',
      'second pro job',
      'free job',
    ]);
  });

  it('refuses at once a task whose signal was already aborted', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    await expect(
      queue.run(async () => order.push('ran'), AbortSignal.abort(new Error('gone'))),
    ).rejects.toThrow('gone');
    expect(order).toEqual([]);
  });

  it('goes on after a task fails', async () => {
    const queue = new SerialQueue();
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
