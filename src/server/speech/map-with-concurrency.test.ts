import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './map-with-concurrency.js';

describe('mapWithConcurrency', () => {
  it('keeps results in item order and never runs more than asked', async () => {
    let running = 0;
    let mostRunning = 0;
    const gates = Array.from({ length: 6 }, () => {
      let resolve = (): void => undefined;
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    });
    const promise = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (item) => {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await gates[item]?.promise;
      running -= 1;
      return item * 10;
    });
    for (const index of [1, 0, 3, 2, 5, 4]) {
      gates[index]?.resolve();
      await Promise.resolve();
    }
    expect(await promise).toEqual([0, 10, 20, 30, 40, 50]);
    expect(mostRunning).toBe(2);
  });

  it('starts nothing new after a failure and throws it once the running tasks end', async () => {
    const started: number[] = [];
    const promise = mapWithConcurrency([0, 1, 2, 3], 1, async (item) => {
      started.push(item);
      if (item === 1) throw new Error('boom');
      return item;
    });
    await expect(promise).rejects.toThrow('boom');
    expect(started).toEqual([0, 1]);
  });
});
