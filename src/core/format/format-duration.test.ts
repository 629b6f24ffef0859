import { describe, expect, it } from 'vitest';
import { approximateDurationFromSize, formatDuration } from './format-duration.js';

describe('formatDuration', () => {
  it.each([
    [0, '0 seconds'],
    [-1, '0 seconds'],
    [-3600, '0 seconds'],
    [0.4, '0 seconds'],
    [1, '1 seconds'],
    [30, '30 seconds'],
    [59, '59 seconds'],
    [59.4, '59 seconds'],
    [59.6, '1:00 min'],
    [60, '1:00 min'],
    [61, '1:01 min'],
    [125, '2:05 min'],
    [3599, '59:59 min'],
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [36000, '10:00:00'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('treats non-finite values as 0', () => {
    expect(formatDuration(Number.NaN)).toBe('0 seconds');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0 seconds');
  });
});

describe('approximateDurationFromSize', () => {
  it('divides the size by 16000 bytes per second', () => {
    expect(approximateDurationFromSize(16_000)).toBe(1);
    expect(approximateDurationFromSize(1024 * 1024)).toBeCloseTo(65.536);
    expect(approximateDurationFromSize(0)).toBe(0);
    expect(approximateDurationFromSize(-16_000)).toBe(0);
  });
});
