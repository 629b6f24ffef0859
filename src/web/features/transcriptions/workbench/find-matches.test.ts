import { describe, expect, it } from 'vitest';
import { findMatches, splitByMatches, stepMatch } from './find-matches.js';

const texts = ['The cat sat.', 'Another CAT, a café', 'no match here'];

describe('findMatches', () => {
  it('finds every occurrence in reading order, ignoring case', () => {
    expect(findMatches(texts, 'cat')).toEqual([
      { segmentIndex: 0, start: 4, end: 7 },
      { segmentIndex: 1, start: 8, end: 11 },
    ]);
  });

  it('ignores accents and keeps positions in the original text', () => {
    const [match] = findMatches(texts, 'cafe');
    expect(match).toEqual({ segmentIndex: 1, start: 15, end: 19 });
    expect(texts[1]?.slice(match?.start, match?.end)).toBe('café');
  });

  it('matches runs of spaces loosely and treats special characters literally', () => {
    expect(findMatches(['one   two'], ' one two ')).toHaveLength(1);
    expect(findMatches(['a.b axb'], 'a.b')).toEqual([{ segmentIndex: 0, start: 0, end: 3 }]);
    expect(findMatches(['(x)'], '(x')).toHaveLength(1);
  });

  it('finds nothing for a blank query', () => {
    expect(findMatches(texts, '   ')).toEqual([]);
  });
});

describe('splitByMatches', () => {
  it('cuts a text into plain and matched pieces, marking the current match', () => {
    const matches = findMatches(['a cat and a cat'], 'cat');
    expect(splitByMatches('a cat and a cat', matches, matches[1])).toEqual([
      { text: 'a ', match: 'none' },
      { text: 'cat', match: 'other' },
      { text: ' and a ', match: 'none' },
      { text: 'cat', match: 'current' },
    ]);
  });

  it('gives the whole text as one piece when nothing matches', () => {
    expect(splitByMatches('plain', [], undefined)).toEqual([{ text: 'plain', match: 'none' }]);
  });
});

describe('stepMatch', () => {
  it('steps forwards and backwards, wrapping round', () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });
});
