import { describe, expect, it } from 'vitest';
import { PcmWindow } from './pcm-window.js';

const samples = (from: number, count: number) =>
  Int16Array.from({ length: count }, (_, index) => from + index);

describe('PcmWindow', () => {
  it('keeps what was appended, in order, and knows where it starts in the recording', () => {
    const window = new PcmWindow(10);
    window.append(samples(0, 4));
    window.append(samples(4, 3));
    expect([...window.snapshot()]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(window.startSample).toBe(0);
    window.dropBefore(5);
    expect([...window.snapshot()]).toEqual([5, 6]);
    expect(window.startSample).toBe(5);
  });

  it('never holds more than its capacity: the oldest samples go first', () => {
    const window = new PcmWindow(5);
    window.append(samples(0, 4));
    window.append(samples(4, 3));
    expect([...window.snapshot()]).toEqual([2, 3, 4, 5, 6]);
    expect(window.startSample).toBe(2);
    window.append(samples(7, 8));
    expect([...window.snapshot()]).toEqual([10, 11, 12, 13, 14]);
    expect(window.startSample).toBe(10);
  });
});
