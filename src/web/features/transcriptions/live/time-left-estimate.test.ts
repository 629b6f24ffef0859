import { describe, expect, it } from 'vitest';
import { TimeLeftEstimates } from './time-left-estimate';

function clock() {
  let time = 0;
  return { now: () => time, advance: (seconds: number) => (time += seconds * 1000) };
}

describe('time left', () => {
  it('says nothing until the job has moved, then what the measured speed gives', () => {
    const time = clock();
    const estimates = new TimeLeftEstimates(time.now);
    expect(estimates.secondsLeft('a', true, 10)).toBeUndefined();
    time.advance(10);
    // 10 % in 10 s: 80 % left takes 80 s.
    expect(estimates.secondsLeft('a', true, 20)).toBeCloseTo(80);
  });

  it('only falls while the speed holds or wobbles, also between progress events', () => {
    const time = clock();
    const estimates = new TimeLeftEstimates(time.now);
    estimates.secondsLeft('a', true, 0);
    time.advance(10);
    const first = estimates.secondsLeft('a', true, 10) ?? 0;
    time.advance(5);
    const between = estimates.secondsLeft('a', true, 10) ?? 0;
    expect(between).toBeCloseTo(first - 5);
    // A little slower than before (11 s for the next 10 %): the figure still does not grow.
    time.advance(6);
    const after = estimates.secondsLeft('a', true, 20) ?? 0;
    expect(after).toBeLessThanOrEqual(between);
  });

  it('grows when the speed really drops', () => {
    const time = clock();
    const estimates = new TimeLeftEstimates(time.now);
    estimates.secondsLeft('a', true, 0);
    time.advance(10);
    expect(estimates.secondsLeft('a', true, 50)).toBeCloseTo(10);
    // Then nothing for a minute: 70 s for 55 %, so 45 % more takes about 57 s.
    time.advance(60);
    expect(estimates.secondsLeft('a', true, 55)).toBeCloseTo((70 / 55) * 45);
  });

  it('gives every view of one job the same figure', () => {
    const time = clock();
    const estimates = new TimeLeftEstimates(time.now);
    estimates.secondsLeft('a', true, 0);
    time.advance(10);
    const box = estimates.secondsLeft('a', true, 25);
    const row = estimates.secondsLeft('a', true, 25);
    expect(row).toBe(box);
  });

  it('forgets a job that ended', () => {
    const time = clock();
    const estimates = new TimeLeftEstimates(time.now);
    estimates.secondsLeft('a', true, 0);
    time.advance(10);
    estimates.secondsLeft('a', true, 50);
    expect(estimates.secondsLeft('a', false, 100)).toBeUndefined();
    expect(estimates.secondsLeft('a', true, 60)).toBeUndefined();
  });
});
