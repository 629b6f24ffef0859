import { describe, expect, it } from 'vitest';
import { startTimeParam } from './start-time-param.js';

describe('startTimeParam', () => {
  it.each([
    ['?t=12.3', 12.3],
    ['t=0', 0],
    ['?q=x&t=75', 75],
    ['', null],
    ['?t=', null],
    ['?t=abc', null],
    ['?t=-4', null],
    ['?t=Infinity', null],
  ])('%s -> %s', (search, seconds) => {
    expect(startTimeParam(search)).toBe(seconds);
  });
});
