import type { TranscriptSegment } from './engine.js';

export interface TimedWord {
  word: string;
  /** Seconds. */
  start: number;
  end: number;
}

export interface GroupWordsOptions {
  /** A silence at least this long between two words starts a new segment. */
  pauseSeconds?: number;
  /** A segment is closed once it reaches this length, so timestamps stay useful in long speech. */
  maxSegmentSeconds?: number;
}

/** Groups timed words into phrase-like segments, split at pauses or when they grow long. */
export function groupWordsIntoSegments(
  words: readonly TimedWord[],
  options: GroupWordsOptions = {},
): TranscriptSegment[] {
  const pauseSeconds = options.pauseSeconds ?? 0.4;
  const maxSegmentSeconds = options.maxSegmentSeconds ?? 12;
  const segments: TranscriptSegment[] = [];
  let current: { start: number; end: number; words: string[] } | undefined;
  for (const word of words) {
    const startsNew =
      !current ||
      word.start - current.end >= pauseSeconds ||
      word.end - current.start > maxSegmentSeconds;
    if (startsNew) {
      if (current)
        segments.push({ start: current.start, end: current.end, text: current.words.join(' ') });
      current = { start: word.start, end: word.end, words: [word.word] };
    } else if (current) {
      current.end = word.end;
      current.words.push(word.word);
    }
  }
  if (current)
    segments.push({ start: current.start, end: current.end, text: current.words.join(' ') });
  return segments;
}
