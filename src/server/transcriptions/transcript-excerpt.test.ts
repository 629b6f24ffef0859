import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARACTERS, excerptOf } from './transcript-excerpt.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const words = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');

describe("a list item's excerpt", () => {
  it('is the whole text when the text is short', () => {
    expect(excerptOf('One two three.', false)).toBe('One two three.');
    expect(excerptOf('One two three.', true)).toBe('One two three.');
  });

  it('is the beginning of a long text, cut between words and marked', () => {
    const excerpt = excerptOf(words, false);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARACTERS);
    expect(excerpt).toMatch(/^word0 word1 .* word\d+…$/);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
  });

  it('is the end of a long text when asked for the newest words', () => {
    const excerpt = excerptOf(words, true);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARACTERS);
    expect(excerpt).toMatch(/^…word\d+ .* word399$/);
    expect(words.endsWith(excerpt.slice(1))).toBe(true);
  });

  it('never cuts a character in two', () => {
    const emoji = '😀'.repeat(EXCERPT_CHARACTERS);
    for (const fromEnd of [false, true]) {
      const excerpt = excerptOf(emoji, fromEnd);
      expect(excerpt).not.toMatch(LONE_SURROGATE);
      expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARACTERS);
    }
  });
});
