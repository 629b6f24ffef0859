import { describe, expect, it } from 'vitest';
import { scoreDiarization } from './diarization-error-rate.js';

const truth = [
  { start: 0, end: 4, speaker: 'ann' },
  { start: 5, end: 9, speaker: 'bob' },
];

describe('scoreDiarization', () => {
  it('scores a perfect answer 0 whatever the found speakers are called', () => {
    const score = scoreDiarization(truth, [
      { start: 0, end: 4, speaker: '7' },
      { start: 5, end: 9, speaker: '3' },
    ]);
    expect(score.errorRate).toBe(0);
    // 8 s of speech less the 0.25 s of each turn that lies in the collar of each of its ends.
    expect(score.speech).toBeCloseTo(8 - 0.25 * 4, 1);
  });

  it('counts time given to the wrong person as confusion under the best one-to-one mapping', () => {
    const score = scoreDiarization(truth, [
      { start: 0, end: 4, speaker: 'x' },
      { start: 5, end: 7, speaker: 'y' },
      { start: 7, end: 9, speaker: 'x' },
    ]);
    // x ↔ ann, y ↔ bob: bob's 7-8.75 s (9 is a reference boundary: its collar is unscored) went
    // to x. Only reference boundaries have collars.
    expect(score.confusion).toBeCloseTo(1.75, 1);
    expect(score.missed).toBe(0);
    expect(score.confusionRate).toBeCloseTo(1.75 / 7, 2);
  });

  it('counts speech no one was found in as missed, and speech found in silence as false alarm', () => {
    const score = scoreDiarization(truth, [
      { start: 0, end: 4, speaker: 'x' },
      { start: 4, end: 5, speaker: 'x' },
    ]);
    expect(score.missed).toBeCloseTo(3.5, 1);
    expect(score.falseAlarm).toBeCloseTo(0.5, 1);
    expect(score.confusion).toBe(0);
  });

  it('maps one found speaker to one true speaker only', () => {
    const score = scoreDiarization(truth, [{ start: 0, end: 9, speaker: 'x' }]);
    expect(score.confusion).toBeCloseTo(3.5, 1);
  });
});
