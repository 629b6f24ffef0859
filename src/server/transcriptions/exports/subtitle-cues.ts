import type { TranscriptSegmentDto } from '../../../core/api/transcriptions.js';

export const MAX_LINE_CHARACTERS = 42;
export const MAX_LINES = 2;
export const MAX_CUE_SECONDS = 7;

export interface SubtitleCue {
  start: number;
  end: number;
  lines: string[];
}

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The two most even lines (a single line when it fits), broken between words. */
export function wrapLines(words: readonly string[]): string[] {
  const text = words.join(' ');
  if (text.length <= MAX_LINE_CHARACTERS || words.length < 2) return [text];
  let best: string[] = [text];
  let bestLongest = Infinity;
  for (let cut = 1; cut < words.length; cut += 1) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest < bestLongest) {
      best = lines;
      bestLongest = longest;
    }
  }
  return best;
}

const fits = (words: readonly string[]) =>
  wrapLines(words).every((line) => line.length <= MAX_LINE_CHARACTERS);

/** Splits words into `count` runs of about equal length in characters. */
function splitEvenly(words: readonly string[], count: number): string[][] {
  const total = words.reduce((sum, word) => sum + word.length + 1, 0);
  const groups: string[][] = [];
  let current: string[] = [];
  let done = 0;
  words.forEach((word, index) => {
    current.push(word);
    done += word.length + 1;
    const wordsLeft = words.length - index - 1;
    const groupsLeft = count - groups.length - 1;
    const target = (total * (groups.length + 1)) / count;
    const next = words[index + 1];
    // Cut here when taking the next word would land further from this run's share than stopping.
    const reachedShare =
      done >= target || (next !== undefined && done + next.length + 1 - target > target - done);
    if (groupsLeft > 0 && (reachedShare || wordsLeft === groupsLeft)) {
      groups.push(current);
      current = [];
    }
  });
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Subtitle cues from transcript segments: at most two lines of about 42 characters and 7 seconds
 * each. A long segment is cut between words into runs of even length, and its time is shared out
 * in proportion to their characters.
 */
export function subtitleCues(segments: readonly TranscriptSegmentDto[]): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const segment of segments) {
    const words = segment.text.split(/\s+/).filter((word) => word !== '');
    if (words.length === 0) continue;
    const duration = Math.max(0, segment.end - segment.start);
    let count = Math.min(words.length, Math.max(1, Math.ceil(duration / MAX_CUE_SECONDS)));
    let groups = splitEvenly(words, count);
    while (count < words.length && !groups.every(fits)) {
      count += 1;
      groups = splitEvenly(words, count);
    }
    const totalCharacters = groups.reduce((sum, group) => sum + group.join(' ').length, 0);
    let elapsed = 0;
    for (const group of groups) {
      const share = group.join(' ').length / totalCharacters;
      const start = segment.start + duration * elapsed;
      elapsed += share;
      const end = Math.min(segment.start + duration * elapsed, start + MAX_CUE_SECONDS);
      cues.push({ start: roundMs(start), end: roundMs(end), lines: wrapLines(group) });
    }
  }
  return cues;
}
