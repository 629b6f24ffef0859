import { describe, expect, it } from 'vitest';
import { AudioProgress, PREPARATION_SHARE } from './audio-progress.js';

const SECOND = 16_000;

function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('progress in audio', () => {
  it('moves inside a chunk at the speed the engine showed on the one before', () => {
    const time = clock();
    const progress = new AudioProgress(60 * SECOND, 'engine-a', time.now);
    progress.prepared(1);
    expect(progress.percent()).toBeCloseTo(100 * PREPARATION_SHARE);
    progress.chunkStarted(0, 30 * SECOND);
    time.advance(10_000);
    // 30 s of audio decoded in 10 s: three times real time.
    progress.chunkFinished(0, 30 * SECOND, true);
    const half = progress.percent();
    expect(half).toBeCloseTo(100 * (PREPARATION_SHARE + (1 - PREPARATION_SHARE) * 0.5));
    progress.chunkStarted(1, 30 * SECOND);
    time.advance(5_000);
    // Halfway through the second chunk at the same speed: three quarters of the audio.
    expect(progress.percent()).toBeCloseTo(
      100 * (PREPARATION_SHARE + (1 - PREPARATION_SHARE) * 0.75),
    );
  });

  it('never shows a chunk as done before its words are in, however long it takes', () => {
    const time = clock();
    const progress = new AudioProgress(30 * SECOND, 'engine-b', time.now);
    progress.chunkStarted(0, 30 * SECOND);
    time.advance(10 * 60_000);
    expect(progress.percent()).toBeLessThan(
      100 * (PREPARATION_SHARE + (1 - PREPARATION_SHARE) * 0.91),
    );
    progress.chunkFinished(0, 30 * SECOND, true);
    expect(progress.percent()).toBeCloseTo(100);
  });

  it('guesses real time for an engine it has not seen, and moves from the first second', () => {
    const time = clock();
    const progress = new AudioProgress(30 * SECOND, 'engine-new', time.now);
    progress.chunkStarted(0, 30 * SECOND);
    time.advance(3_000);
    expect(progress.percent()).toBeCloseTo(
      100 * (PREPARATION_SHARE + (1 - PREPARATION_SHARE) * 0.1),
    );
  });

  it('counts silent chunks as done without learning a speed from them', () => {
    const time = clock();
    const progress = new AudioProgress(60 * SECOND, 'engine-c', time.now);
    progress.chunkFinished(0, 30 * SECOND, false);
    progress.chunkStarted(1, 30 * SECOND);
    time.advance(3_000);
    // Still the real-time guess: 3 s of the second chunk.
    expect(progress.percent()).toBeCloseTo(
      100 * (PREPARATION_SHARE + (1 - PREPARATION_SHARE) * (33 / 60)),
    );
  });

  it('never goes back when a slower chunk lowers the measured speed', () => {
    const time = clock();
    const progress = new AudioProgress(90 * SECOND, 'engine-e', time.now);
    progress.chunkStarted(0, 30 * SECOND);
    progress.chunkStarted(1, 30 * SECOND);
    time.advance(10_000);
    progress.chunkFinished(0, 30 * SECOND, true);
    time.advance(10_000);
    const before = progress.percent();
    progress.chunkStarted(2, 30 * SECOND);
    time.advance(40_000);
    // The second chunk took 60 s: the speed falls to a third, and the estimate with it.
    progress.chunkFinished(1, 30 * SECOND, true);
    expect(progress.percent()).toBeGreaterThanOrEqual(before);
  });

  it('shows the preparation before any chunk', () => {
    const progress = new AudioProgress(30 * SECOND, 'engine-d', () => 0);
    progress.prepared(0.5);
    expect(progress.percent()).toBeCloseTo(50 * PREPARATION_SHARE);
  });
});
