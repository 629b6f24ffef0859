import { describe, expect, it } from 'vitest';
import type { TranscriptSegmentDto } from '../../../core/api/transcriptions.js';
import { MAX_CUE_SECONDS, subtitleCues, wrapLines, type SubtitleCue } from './subtitle-cues.js';

const words = (count: number) =>
  Array.from({ length: count }, (_, index) => ['alpha', 'be', 'gamma', 'delta'][index % 4]).join(
    ' ',
  );

describe('subtitle cues', () => {
  it('keeps a short segment as one cue on one line', () => {
    expect(subtitleCues([{ start: 1, end: 3, text: 'Hello there.' }])).toEqual([
      { start: 1, end: 3, lines: ['Hello there.'] },
    ]);
  });

  it('breaks a cue into two even lines of at most 42 characters', () => {
    const lines = wrapLines('Maria will present the forecast for the northern region.'.split(' '));
    expect(lines).toEqual(['Maria will present the forecast', 'for the northern region.']);
  });

  it('splits a long segment into cues of at most two lines, 42 characters and 7 seconds', () => {
    const segment = { start: 10, end: 40, text: words(120) };
    const cues = subtitleCues([segment]);
    expect(cues.length).toBeGreaterThan(4);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
      expect(cue.end - cue.start).toBeLessThanOrEqual(MAX_CUE_SECONDS);
      expect(cue.end).toBeGreaterThanOrEqual(cue.start);
    }
    expect(cues.flatMap((cue) => cue.lines).join(' ')).toBe(segment.text);
    expect(cues[0]?.start).toBe(10);
    expect(cues.at(-1)?.end).toBe(40);
    cues.slice(1).forEach((cue, index) => expect(cue.start).toBe(cues[index]?.end));
  });

  it('splits a slow short segment by time, sharing it out by characters', () => {
    const cues = subtitleCues([{ start: 0, end: 20, text: 'one two three four five six' }]);
    expect(cues).toHaveLength(3);
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['one two', 'three four', 'five six']);
    for (const cue of cues) expect(cue.end - cue.start).toBeLessThanOrEqual(7);
  });

  it('caps a single long word at 7 seconds and skips empty segments', () => {
    expect(
      subtitleCues([
        { start: 0, end: 1, text: '   ' },
        { start: 2, end: 30, text: 'Hmm' },
      ]),
    ).toEqual([{ start: 2, end: 9, lines: ['Hmm'] }]);
  });

  describe('text built to defeat the layout (a 5,000-character segment)', () => {
    const fill = (unit: string) =>
      Array.from({ length: Math.floor(5001 / (unit.length + 1)) }, () => unit).join(' ');

    function expectWellLaidOut(
      segment: Pick<TranscriptSegmentDto, 'start' | 'end' | 'text'>,
      cues: SubtitleCue[],
    ) {
      for (const cue of cues) {
        expect(cue.lines.length).toBeLessThanOrEqual(2);
        for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
        expect(cue.end - cue.start).toBeLessThanOrEqual(MAX_CUE_SECONDS);
      }
      expect(cues.flatMap((cue) => cue.lines).join(' ')).toBe(segment.text);
      expect(cues[0]?.start).toBe(segment.start);
    }

    it('lays out 2,500 one-letter words in the fewest even cues that fit', () => {
      const segment = { start: 0, end: 5, text: fill('a') };
      const cues = subtitleCues([segment]);
      expectWellLaidOut(segment, cues);
      // 42 words make two lines of 41 characters; 43 would not fit: 2,500 words need 60 cues.
      expect(cues).toHaveLength(60);
      expect(cues.at(-1)?.end).toBe(5);
    });

    it('packs words near a line long into cues that fit when even splits keep failing', () => {
      // 20,000 characters: past the edit limit, as an engine's segment may be; even splits would
      // need about 200 tries here.
      const text = Array.from({ length: 909 }, () => 'a xxxxxxxxxxxxxxxxxxxx').join(' ');
      for (const segment of [
        { start: 0, end: 5, text },
        { start: 0, end: 5, text: fill('a bb ccc ' + 'x'.repeat(40) + ' dddd') },
      ]) {
        expectWellLaidOut(segment, subtitleCues([segment]));
      }
    });

    it('gives each word its own cue when one word is longer than a line', () => {
      const segment = { start: 0, end: 60, text: `${'x'.repeat(43)} a b c` };
      expect(subtitleCues([segment]).map((cue) => cue.lines)).toEqual([
        ['x'.repeat(43)],
        ['a'],
        ['b'],
        ['c'],
      ]);
    });
  });
});
