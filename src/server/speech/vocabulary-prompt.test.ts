import { describe, expect, it } from 'vitest';
import { VOCABULARY_PROMPT_TOKENS, vocabularyPrompt } from './vocabulary-prompt.js';

describe('vocabularyPrompt', () => {
  it('lists the terms as typed, in the order given', () => {
    expect(vocabularyPrompt(undefined)).toBeUndefined();
    expect(vocabularyPrompt([])).toBeUndefined();
    expect(vocabularyPrompt(['Kenobi', 'PostgreSQL', 'Dr. Ng'])).toBe(
      'Kenobi, PostgreSQL, Dr. Ng.',
    );
  });

  it('keeps the first terms that fit the budget and leaves the rest out', () => {
    const terms = Array.from({ length: 500 }, (_, index) => `Sweynheim${index}`);
    const prompt = vocabularyPrompt(terms) ?? '';
    expect(prompt.startsWith('Sweynheim0, Sweynheim1,')).toBe(true);
    const kept = prompt.slice(0, -1).split(', ');
    expect(kept).toEqual(terms.slice(0, kept.length));
    // 11 characters estimate 5 tokens each: 20 terms make the 100-token budget.
    expect(kept).toHaveLength(VOCABULARY_PROMPT_TOKENS / 5);
    // Well inside the 600 characters buildWhisperPrompt keeps for the caller's prompt.
    expect(prompt.length).toBeLessThan(300);
  });
});
