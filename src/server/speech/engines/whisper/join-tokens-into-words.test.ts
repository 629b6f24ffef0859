import { describe, expect, it } from 'vitest';
import { joinTokensIntoWords } from './join-tokens-into-words.js';

describe('joinTokensIntoWords', () => {
  it('joins BPE pieces and punctuation into words timed by DTW, with their mean probability', () => {
    const words = joinTokensIntoWords([
      { word: '[_BEG_]', start: 0, end: 0, t_dtw: -1, probability: 0.9 },
      { word: ' Hello', start: 0, end: 0.4, t_dtw: 12, probability: 0.9 },
      { word: ',', start: 0.4, end: 0.45, t_dtw: 40, probability: 0.5 },
      { word: ' unbel', start: 0.5, end: 0.8, t_dtw: 61, probability: 0.8 },
      { word: 'ievable', start: 0.8, end: 1.3, t_dtw: 85, probability: 0.4 },
      { word: '.', start: 1.3, end: 1.4, t_dtw: 130, probability: 1 },
      { word: '[_TT_70]', start: 1.4, end: 1.4, t_dtw: -1, probability: 1 },
    ]);
    expect(words).toEqual([
      { word: 'Hello,', start: 0.12, end: 0.45, confidence: 0.7 },
      { word: 'unbelievable.', start: 0.61, end: 1.4, confidence: 0.733 },
    ]);
  });

  it('uses whisper’s own token times without DTW, and keeps words in order', () => {
    const words = joinTokensIntoWords([
      { word: ' one', start: 1, end: 1.3, probability: 0.6 },
      { word: ' two', start: 0.9, end: 1.6, probability: 0.2 },
    ]);
    expect(words).toEqual([
      { word: 'one', start: 1, end: 1, confidence: 0.6 },
      { word: 'two', start: 1, end: 1.6, confidence: 0.2 },
    ]);
  });
});
