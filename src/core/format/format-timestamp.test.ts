import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './format-timestamp.js';

describe('formatTimestamp', () => {
  it.each([
    [0, '0:00'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
    [0.9, '0:00'],
    [59, '0:59'],
    [59.99, '0:59'],
    [60, '1:00'],
    [605, '10:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatTimestamp(seconds)).toBe(text);
  });
});
