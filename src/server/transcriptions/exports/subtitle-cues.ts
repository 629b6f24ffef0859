import type { TranscriptSegmentDto } from '../../../core/api/transcriptions.js';
import { WordRuns } from './word-runs.js';

export const MAX_LINE_CHARACTERS = 42;
export const MAX_LINES = 2;
export const MAX_CUE_SECONDS = 7;
/**
 * Even splits tried, from the fewest runs that could fit, before packing runs instead. Real text
 * nearly always fits at the first or second try (never past the 31st in 60,000 samples), and text
 * of 5,000 characters (an edit's limit) built to defeat even splits needs at most about 56; a
 * longer segment built so would otherwise cost one pass over its words per 45 characters.
 */
export const EVEN_SPLIT_ATTEMPTS = 64;

export interface SubtitleCue {
  start: number;
  end: number;
  lines: string[];
}

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The two most even lines (a single line when it fits), broken between words. */
export function wrapLines(words: readonly string[]): string[] {
  const runs = new WordRuns(words);
  return runs.wrap(0, words.length, MAX_LINE_CHARACTERS);
}

/**
 * Where to end each of `count` runs of about equal length in characters: the index after each
 * run's last word.
 */
function splitEvenly(runs: WordRuns, count: number): number[] {
  const words = runs.words;
  const total = runs.joinedLength(0, words.length) + 1;
  const ends: number[] = [];
  let done = 0;
  for (let index = 0; index < words.length; index += 1) {
    done += (words[index]?.length ?? 0) + 1;
    const wordsLeft = words.length - index - 1;
    const groupsLeft = count - ends.length - 1;
    const target = (total * (ends.length + 1)) / count;
    const next = words[index + 1];
    // Cut here when taking the next word would land further from this run's share than stopping.
    const reachedShare =
      done >= target || (next !== undefined && done + next.length + 1 - target > target - done);
    if (groupsLeft > 0 && (reachedShare || wordsLeft === groupsLeft)) ends.push(index + 1);
  }
  if (ends.at(-1) !== words.length) ends.push(words.length);
  return ends;
}

function allFit(runs: WordRuns, ends: readonly number[]): boolean {
  let from = 0;
  for (const end of ends) {
    if (!runs.fits(from, end, MAX_LINE_CHARACTERS)) return false;
    from = end;
  }
  return true;
}

/** Runs of as many words as two lines hold, for text that even splits could not fit. */
function packTwoLines(runs: WordRuns): number[] {
  const ends: number[] = [];
  let from = 0;
  let lineStart = 0;
  let line = 1;
  for (let index = 0; index < runs.words.length; index += 1) {
    if (index === lineStart || runs.joinedLength(lineStart, index + 1) <= MAX_LINE_CHARACTERS) {
      continue;
    }
    if (line === MAX_LINES) {
      ends.push(index);
      from = index;
      line = 1;
    } else {
      line += 1;
    }
    lineStart = index;
  }
  if (from < runs.words.length) ends.push(runs.words.length);
  return ends;
}

/**
 * Where each cue's words end. The fewest even runs that all fit, starting from the count the
 * duration asks for; counts too small for the text's length are skipped, since every run that fits
 * holds at most two full lines and the space between them.
 */
function cueEnds(runs: WordRuns, duration: number): number[] {
  const wordCount = runs.words.length;
  if (runs.longestWord() > MAX_LINE_CHARACTERS) {
    // No run holding a word longer than a line fits: each word is its own cue.
    return runs.words.map((_, index) => index + 1);
  }
  const byTime = Math.max(1, Math.ceil(duration / MAX_CUE_SECONDS));
  const byLength = Math.ceil(
    (runs.joinedLength(0, wordCount) + 1) / (MAX_LINES * MAX_LINE_CHARACTERS + 2),
  );
  let count = Math.min(wordCount, Math.max(byTime, byLength));
  let ends = splitEvenly(runs, count);
  for (let attempt = 1; count < wordCount && !allFit(runs, ends); attempt += 1) {
    if (attempt === EVEN_SPLIT_ATTEMPTS) return packTwoLines(runs);
    count += 1;
    ends = splitEvenly(runs, count);
  }
  return ends;
}

/**
 * Subtitle cues from transcript segments: at most two lines of about 42 characters and 7 seconds
 * each. A long segment is cut between words into runs of even length, and its time is shared out
 * in proportion to their characters.
 */
export function subtitleCues(
  segments: readonly Pick<TranscriptSegmentDto, 'start' | 'end' | 'text'>[],
): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const segment of segments) {
    const words = segment.text.split(/\s+/).filter((word) => word !== '');
    if (words.length === 0) continue;
    const runs = new WordRuns(words);
    const duration = Math.max(0, segment.end - segment.start);
    const ends = cueEnds(runs, duration);
    let totalCharacters = 0;
    let from = 0;
    for (const end of ends) {
      totalCharacters += runs.joinedLength(from, end);
      from = end;
    }
    let elapsed = 0;
    from = 0;
    for (const end of ends) {
      const share = runs.joinedLength(from, end) / totalCharacters;
      const start = segment.start + duration * elapsed;
      elapsed += share;
      const cueEnd = Math.min(segment.start + duration * elapsed, start + MAX_CUE_SECONDS);
      cues.push({
        start: roundMs(start),
        end: roundMs(cueEnd),
        lines: runs.wrap(from, end, MAX_LINE_CHARACTERS),
      });
      from = end;
    }
  }
  return cues;
}
