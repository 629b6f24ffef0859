import { describe, expect, it } from 'vitest';
import { fitSegments } from './fit-segments.js';

describe('fitSegments', () => {
  it('keeps overshooting, overlapping and instant segments in order inside the chunk, words and all', () => {
    expect(
      fitSegments(
        [
          { start: 27.5, end: 31.2, text: ' runs past the end ' },
          { start: 0, end: 4.2, text: 'first' },
          { start: 4, end: 9, text: 'overlaps the first' },
          { start: 30.4, end: 32, text: 'Thank you.' },
          { start: 9, end: 9, text: 'at an instant' },
          { start: 12, end: 14, text: '   ' },
        ],
        0,
        30,
      ),
    ).toEqual([
      { start: 0, end: 4, text: 'first' },
      { start: 4, end: 9, text: 'overlaps the first at an instant' },
      { start: 27.5, end: 30, text: 'runs past the end Thank you.' },
    ]);
  });

  it('joins segments that start together, and times text with no usable time to the whole chunk', () => {
    expect(
      fitSegments(
        [
          { start: 2, end: 3, text: 'one' },
          { start: 2, end: 5, text: 'two' },
        ],
        0,
        10,
      ),
    ).toEqual([{ start: 2, end: 5, text: 'one two' }]);
    expect(fitSegments([{ start: 12, end: 13, text: 'late' }], 0, 10)).toEqual([
      { start: 0, end: 10, text: 'late' },
    ]);
  });
});
