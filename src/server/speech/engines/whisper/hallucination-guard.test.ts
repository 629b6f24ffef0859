import { describe, expect, it } from 'vitest';
import { compressionRatio, signsOfHallucination } from './hallucination-guard.js';

const heard = {
  text: ' Good morning everybody, today we are going to talk about the weather.',
  tokens: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  avgLogprob: -0.3,
  noSpeechProb: 0.02,
};

describe('signsOfHallucination', () => {
  it('finds nothing in an answer that looks heard, nor in an empty one', () => {
    expect(signsOfHallucination([heard])).toEqual([]);
    expect(signsOfHallucination([{ text: '  ' }])).toEqual([]);
    expect(signsOfHallucination([{ ...heard, text: 'no, no, no, I said no' }])).toEqual([]);
  });

  it('catches a phrase or a token looping', () => {
    expect(
      signsOfHallucination([{ ...heard, text: 'thank you thank you thank you thank you' }]),
    ).toContain('repetition');
    expect(signsOfHallucination([{ ...heard, text: 'so so so so so' }])).toContain('repetition');
    expect(
      signsOfHallucination([{ ...heard, text: 'kakakakakakakakakaka', tokens: Array(10).fill(7) }]),
    ).toContain('repetition');
  });

  it('catches text that compresses like a loop', () => {
    const looped = 'and then we went to the market and then we went to the shop '.repeat(3);
    expect(compressionRatio(looped)).toBeGreaterThan(2.4);
    expect(signsOfHallucination([{ ...heard, text: looped }])).toContain('compression-ratio');
    expect(compressionRatio(heard.text)).toBeLessThan(2.4);
  });

  it('catches whisper saying it heard no speech, and guessed tokens', () => {
    expect(signsOfHallucination([{ ...heard, noSpeechProb: 0.95 }])).toEqual(['no-speech']);
    expect(signsOfHallucination([{ ...heard, avgLogprob: -1.6 }])).toEqual(['low-log-probability']);
  });

  it('weighs each segment’s log probability by its tokens', () => {
    const long = { ...heard, avgLogprob: -0.2 };
    const short = { text: ' uh', tokens: [1], avgLogprob: -3 };
    expect(signsOfHallucination([long, short])).toEqual([]);
  });
});
