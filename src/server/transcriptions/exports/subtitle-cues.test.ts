import { describe, expect, it } from 'vitest';
import type { TimedWord } from '../../../core/words.js';
import {
  MAX_CHARACTERS_PER_SECOND,
  MAX_CUE_SECONDS,
  subtitleCues,
  wrapLines,
  type SubtitleCue,
  type SubtitleLine,
} from './subtitle-cues.js';

/** Words said one after another, each `seconds` long with `gap` between them, from `start`. */
function timedWords(text: string, start: number, seconds: number, gap = 0.05): TimedWord[] {
  return text.split(' ').map((word, index) => ({
    word,
    start: start + index * (seconds + gap),
    end: start + index * (seconds + gap) + seconds,
    confidence: 0.9,
  }));
}

function line(words: TimedWord[]): SubtitleLine {
  return {
    start: words[0]!.start,
    end: words.at(-1)!.end,
    text: words.map((word) => word.word).join(' '),
    words,
  };
}

function expectWithinLimits(cues: SubtitleCue[]) {
  for (const cue of cues) {
    expect(cue.lines.length).toBeLessThanOrEqual(2);
    for (const text of cue.lines) expect(text.length).toBeLessThanOrEqual(42);
    expect(cue.end - cue.start).toBeLessThanOrEqual(MAX_CUE_SECONDS);
    expect(cue.end).toBeGreaterThan(cue.start);
  }
  cues.slice(1).forEach((cue, index) => expect(cue.start).toBeGreaterThanOrEqual(cues[index]!.end));
}

describe('subtitle cues cut at word times', () => {
  it('keeps a short line as one cue from its first word to its last', () => {
    const words = timedWords('Hello there.', 1.2, 0.4);
    expect(subtitleCues([line(words)])).toEqual([
      { start: 1.2, end: 2.05, lines: ['Hello there.'], line: 0 },
    ]);
  });

  it('breaks a cue into two even lines of at most 42 characters', () => {
    const lines = wrapLines('Maria will present the forecast for the northern region.'.split(' '));
    expect(lines).toEqual(['Maria will present the forecast', 'for the northern region.']);
  });

  it('starts and ends every cue on a word of a long line, within 2 x 42 characters and 7 s', () => {
    const words = timedWords(
      Array.from({ length: 60 }, (_, index) => ['alpha', 'be', 'gamma', 'delta'][index % 4]).join(
        ' ',
      ),
      10,
      0.3,
    );
    const cues = subtitleCues([line(words)]);
    expectWithinLimits(cues);
    const starts = new Set(words.map((word) => Math.round(word.start * 1000) / 1000));
    for (const cue of cues) expect(starts.has(cue.start)).toBe(true);
    expect(cues.flatMap((cue) => cue.lines).join(' ')).toBe(line(words).text);
  });

  it('ends a cue at a long pause, and else at the last clause end rather than filling it', () => {
    const first = timedWords('we left early in the morning,', 0, 0.3);
    const second = timedWords('and reached the coast before the storm came in', 3.5, 0.3);
    const paused = subtitleCues([line([...first, ...second])]);
    expect(paused[0]!.lines.join(' ')).toBe('we left early in the morning,');
    expect(paused[1]!.start).toBe(3.5);
    const long = timedWords(
      'we waited there for many long hours at the old station, but nobody ever came to meet us there or anywhere else',
      0,
      0.2,
    );
    const cues = subtitleCues([line(long)]);
    expect(cues[0]!.lines.join(' ')).toBe(
      'we waited there for many long hours at the old station,',
    );
  });

  it('cuts slow speech by time: no cue holds more than 7 seconds of words', () => {
    const words = timedWords('one two three four five six', 0, 1, 0.5);
    const cues = subtitleCues([line(words)]);
    expectWithinLimits(cues);
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['one two three four five', 'six']);
  });

  it('holds a fast cue up for reading at 17 characters a second, but not over the next one', () => {
    const fast = line(timedWords('a quick burst of many words said', 0, 0.1, 0));
    const next = line(timedWords('next', 1.5, 0.3));
    const [first, second] = subtitleCues([fast, next]);
    const characters = first!.lines.join(' ').length;
    expect(characters / MAX_CHARACTERS_PER_SECOND).toBeGreaterThan(1.5);
    expect(first!.end).toBe(1.5);
    expect(second!.start).toBe(1.5);
    const alone = subtitleCues([fast])[0]!;
    expect(alone.end).toBeCloseTo(characters / MAX_CHARACTERS_PER_SECOND, 3);
  });

  it('never puts words of two lines in one cue, and spreads a line that has no word times', () => {
    const cues = subtitleCues([
      { start: 0, end: 1, text: 'first line' },
      { start: 1, end: 2, text: 'second' },
      { start: 3, end: 3.5, text: '   ' },
    ]);
    expect(cues.map((cue) => [cue.line, cue.lines])).toEqual([
      [0, ['first line']],
      [1, ['second']],
    ]);
  });

  it('caps a single word said for long at 7 seconds', () => {
    const cues = subtitleCues([{ start: 2, end: 30, text: 'Hmm' }]);
    expect(cues).toEqual([{ start: 2, end: 9, lines: ['Hmm'], line: 0 }]);
  });

  it('lays out text built to defeat it: 2,500 one-letter words, and words longer than a line', () => {
    const text = Array.from({ length: 2500 }, () => 'a').join(' ');
    const cues = subtitleCues([{ start: 0, end: 5, text }]);
    expectWithinLimits(cues.map((cue) => ({ ...cue, end: Math.max(cue.end, cue.start + 0.001) })));
    expect(cues.flatMap((cue) => cue.lines).join(' ')).toBe(text);
    const long = subtitleCues([{ start: 0, end: 60, text: `${'x'.repeat(43)} a b c` }]);
    expect(long[0]!.lines).toEqual(['x'.repeat(43)]);
  });
});
