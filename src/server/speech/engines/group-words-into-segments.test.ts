import { describe, expect, it } from 'vitest';
import { groupWordsIntoSegments } from './group-words-into-segments.js';

describe('groupWordsIntoSegments', () => {
  it('starts a new segment at a pause', () => {
    const words = [
      { word: 'hello', start: 0.5, end: 0.9, confidence: 0.9 },
      { word: 'there', start: 0.95, end: 1.3, confidence: 0.4 },
      { word: 'general', start: 2.0, end: 2.5, confidence: 1 },
      { word: 'kenobi', start: 2.55, end: 3.1, confidence: 0.7 },
    ];
    expect(groupWordsIntoSegments(words)).toEqual([
      { start: 0.5, end: 1.3, text: 'hello there', words: words.slice(0, 2) },
      { start: 2.0, end: 3.1, text: 'general kenobi', words: words.slice(2) },
    ]);
  });

  it('closes a segment that would grow past the longest allowed', () => {
    const words = Array.from({ length: 40 }, (_, index) => ({
      word: `w${index}`,
      start: index * 0.5,
      end: index * 0.5 + 0.45,
      confidence: 1,
    }));
    const segments = groupWordsIntoSegments(words, { maxSegmentSeconds: 12 });
    expect(segments.length).toBe(2);
    for (const segment of segments) expect(segment.end - segment.start).toBeLessThanOrEqual(12);
    expect(segments.map((segment) => segment.text).join(' ')).toBe(
      words.map((word) => word.word).join(' '),
    );
  });

  it('returns no segments for no words', () => {
    expect(groupWordsIntoSegments([])).toEqual([]);
  });
});
