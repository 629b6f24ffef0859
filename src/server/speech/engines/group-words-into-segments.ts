import type { TimedWord } from '../../../core/words.js';
import type { TranscriptSegment } from './engine.js';

export type { TimedWord };

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
  let current: { start: number; end: number; words: TimedWord[] } | undefined;
  const close = (segment: { start: number; end: number; words: TimedWord[] }) =>
    segments.push({
      start: segment.start,
      end: segment.end,
      text: segment.words.map((word) => word.word).join(' '),
      words: segment.words,
    });
  for (const word of words) {
    const startsNew =
      !current ||
      word.start - current.end >= pauseSeconds ||
      word.end - current.start > maxSegmentSeconds;
    if (startsNew) {
      if (current) close(current);
      current = { start: word.start, end: word.end, words: [word] };
    } else if (current) {
      current.end = word.end;
      current.words.push(word);
    }
  }
  if (current) close(current);
  return segments;
}
