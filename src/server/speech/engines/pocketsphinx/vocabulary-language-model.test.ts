import { describe, expect, it } from 'vitest';
import { unigramArpa, vocabularyInterpolation } from './vocabulary-language-model.js';

describe('the custom vocabulary language model', () => {
  it('is an ARPA unigram model giving each word an equal share', () => {
    expect(unigramArpa(['subiaco', "feed'st"]).split('\n')).toEqual([
      '\\data\\',
      'ngram 1=2',
      '',
      '\\1-grams:',
      '-0.301030 subiaco',
      "-0.301030 feed'st",
      '',
      '\\end\\',
      '',
    ]);
  });

  it('is weighted so that each word scores the probability asked, whatever their number', () => {
    for (const count of [1, 18, 500]) {
      const weight = vocabularyInterpolation(1e-4, count, 6.5);
      // What the decoder adds up, in the log domain: λ + lw · log(1/count) = lw · log(probability).
      expect(Math.log(weight) + 6.5 * Math.log(1 / count)).toBeCloseTo(6.5 * Math.log(1e-4), 6);
    }
  });

  it('never takes more than half of the language model', () => {
    expect(vocabularyInterpolation(0.01, 500, 6.5)).toBe(0.5);
  });
});
