import { describe, expect, it } from 'vitest';
import {
  mergeWithNext,
  nearestSegmentIndex,
  replaceSegmentText,
  segmentIndexAt,
  splitSegment,
  transcriptText,
} from './segment-edits.js';

const segments = [
  { start: 0, end: 4, text: 'one two three', speaker: 'Speaker 1' },
  { start: 4.5, end: 10, text: 'four five six', speaker: 'Speaker 1' },
  { start: 11, end: 12, text: 'seven', speaker: 'Speaker 1' },
];

describe('replaceSegmentText', () => {
  it('changes only that segment, keeping its times', () => {
    const edited = replaceSegmentText(segments, 1, 'four 5 six');
    expect(edited).toEqual([
      segments[0],
      { start: 4.5, end: 10, text: 'four 5 six', speaker: 'Speaker 1' },
      segments[2],
    ]);
    expect(segments[1]?.text).toBe('four five six');
  });

  it('returns the same array when the text is unchanged or the index is outside', () => {
    expect(replaceSegmentText(segments, 0, 'one two three')).toBe(segments);
    expect(replaceSegmentText(segments, 7, 'x')).toBe(segments);
  });
});

describe('splitSegment', () => {
  it('cuts at the caret and shares the time by characters', () => {
    // "four five" | "six": 9 of 12 characters before the cut -> 4.5 + 5.5 * 9/12 = 8.625
    expect(splitSegment(segments, 1, 10)).toEqual([
      segments[0],
      { start: 4.5, end: 8.625, text: 'four five', speaker: 'Speaker 1' },
      { start: 8.625, end: 10, text: 'six', speaker: 'Speaker 1' },
      segments[2],
    ]);
  });

  it('trims the spaces around the cut and rounds the time to milliseconds', () => {
    const [first, second] = splitSegment(
      [{ start: 0, end: 1, text: 'ab  c', speaker: 'Speaker 1' }],
      0,
      3,
    );
    expect(first).toEqual({ start: 0, end: 0.667, text: 'ab', speaker: 'Speaker 1' });
    expect(second).toEqual({ start: 0.667, end: 1, text: 'c', speaker: 'Speaker 1' });
  });

  it('changes nothing at either end of the text or in blank space at an end', () => {
    expect(splitSegment(segments, 0, 0)).toBe(segments);
    expect(splitSegment(segments, 0, 13)).toBe(segments);
    expect(
      splitSegment([{ start: 0, end: 1, text: 'word  ', speaker: 'Speaker 1' }], 0, 5),
    ).toHaveLength(1);
    expect(splitSegment(segments, 5, 2)).toBe(segments);
  });
});

describe('mergeWithNext', () => {
  it('joins the texts with a space and spans both times', () => {
    expect(mergeWithNext(segments, 0)).toEqual([
      { start: 0, end: 10, text: 'one two three four five six', speaker: 'Speaker 1' },
      segments[2],
    ]);
  });

  it('changes nothing for the last segment', () => {
    expect(mergeWithNext(segments, 2)).toBe(segments);
  });

  it('undoes a split', () => {
    expect(mergeWithNext(splitSegment(segments, 1, 10), 1)).toEqual(segments);
  });
});

describe('transcriptText', () => {
  it('joins trimmed texts by spaces, leaving out empty segments', () => {
    expect(
      transcriptText([...segments, { start: 12, end: 13, text: '  ', speaker: 'Speaker 1' }]),
    ).toBe('one two three four five six seven');
  });
});

describe('segmentIndexAt and nearestSegmentIndex', () => {
  it('finds the segment playing, and the last one started when between segments', () => {
    expect(segmentIndexAt(segments, 5)).toBe(1);
    expect(segmentIndexAt(segments, 4.2)).toBe(-1);
    expect(nearestSegmentIndex(segments, 4.2)).toBe(0);
    expect(nearestSegmentIndex(segments, 99)).toBe(2);
    expect(nearestSegmentIndex([], 1)).toBe(-1);
  });
});
