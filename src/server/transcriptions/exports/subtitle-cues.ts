import type { TimedWord } from '../../../core/words.js';
import { wordsForText } from '../../speech/engines/segment-words.js';
import { WordRuns } from './word-runs.js';

export const MAX_LINE_CHARACTERS = 42;
export const MAX_LINES = 2;
export const MAX_CUE_SECONDS = 7;
/** Reading speed: a cue stays up at least its characters over this, where the next one allows. */
export const MAX_CHARACTERS_PER_SECOND = 17;
/** A silence this long between two words is a good place to end a cue. */
const PAUSE_SECONDS = 0.3;
/** A silence this long always ends a cue: text is not left up over it. */
const LONG_PAUSE_SECONDS = 1;
/** Sentence and clause ends: good places to end a cue. */
const CLAUSE_END = /[.!?;:,…]["'’”)\]]*$/;

export interface SubtitleCue {
  start: number;
  end: number;
  lines: string[];
  /** Which of the given lines the cue's words come from. */
  line: number;
}

/** A line of the transcript to lay out: its words timed, or spread over it when it has none. */
export interface SubtitleLine {
  start: number;
  end: number;
  text: string;
  words?: TimedWord[];
}

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The two most even lines (a single line when it fits), broken between words. */
export function wrapLines(words: readonly string[]): string[] {
  const runs = new WordRuns(words);
  return runs.wrap(0, words.length, MAX_LINE_CHARACTERS);
}

/**
 * Where the cue that starts at word `from` ends (the index after its last word): as far as two
 * lines of 42 characters and 7 seconds of speech reach (never over a pause of a second or more),
 * ended at the last pause or clause end in
 * its second half when there is one, so cues break where the speaker does.
 */
function cueEnd(runs: WordRuns, words: readonly TimedWord[], from: number): number {
  const first = words[from]!;
  let end = from + 1;
  while (
    end < words.length &&
    runs.fits(from, end + 1, MAX_LINE_CHARACTERS) &&
    words[end]!.end - first.start <= MAX_CUE_SECONDS &&
    words[end]!.start - words[end - 1]!.end < LONG_PAUSE_SECONDS
  )
    end += 1;
  if (end === words.length || words[end]!.start - words[end - 1]!.end >= LONG_PAUSE_SECONDS)
    return end;
  for (let candidate = end; candidate > from + 1; candidate -= 1) {
    if (runs.joinedLength(from, candidate) * 2 < runs.joinedLength(from, end)) break;
    const last = words[candidate - 1]!;
    const gap = words[candidate]!.start - last.end;
    if (gap >= PAUSE_SECONDS || CLAUSE_END.test(last.word)) return candidate;
  }
  return end;
}

/**
 * Subtitle cues cut at word times (issue 28): at most two lines of 42 characters and 7 seconds
 * each, a cue starting when its first word is said and ending when its last one ends, then held
 * longer, up to the next cue, so it can be read at 17 characters a second. A cue never holds words
 * of two lines of the transcript.
 */
export function subtitleCues(segments: readonly SubtitleLine[]): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const [line, segment] of segments.entries()) {
    const words = wordsForText(segment, segment.words);
    if (words.length === 0) continue;
    const runs = new WordRuns(words.map((word) => word.word));
    for (let from = 0; from < words.length;) {
      const end = cueEnd(runs, words, from);
      const start = words[from]!.start;
      cues.push({
        start,
        end: Math.min(Math.max(start, words[end - 1]!.end), start + MAX_CUE_SECONDS),
        lines: runs.wrap(from, end, MAX_LINE_CHARACTERS),
        line,
      });
      from = end;
    }
  }
  return cues.map((cue, index) => {
    const characters = cue.lines.join(' ').length;
    const readable = cue.start + characters / MAX_CHARACTERS_PER_SECOND;
    const next = cues[index + 1]?.start ?? Infinity;
    const end = Math.max(cue.end, Math.min(readable, next, cue.start + MAX_CUE_SECONDS));
    return { ...cue, start: roundMs(cue.start), end: roundMs(end) };
  });
}
