import { describe, expect, it } from 'vitest';
import { countSettled } from './live-session.js';

const limits = { settleSeconds: 0.8, windowSeconds: 12 };
const segment = (start: number, end: number) => ({ start, end, text: `${start}` });

describe('countSettled', () => {
  it('settles the segments that ended well before the newest audio', () => {
    const segments = [segment(0.5, 2), segment(2.5, 4.5), segment(5, 5.9)];
    expect(countSettled(segments, 6, limits)).toBe(2);
    expect(countSettled(segments, 5, limits)).toBe(1);
    expect(countSettled([], 6, limits)).toBe(0);
  });

  it('settles all but the last segment of a full window, or the one segment it holds', () => {
    expect(countSettled([segment(0, 6), segment(6.1, 11.9)], 12, limits)).toBe(1);
    expect(countSettled([segment(0.2, 11.9)], 12, limits)).toBe(1);
  });
});
