import type { TimedWord } from '../../../core/words.js';
import type { TranscriptSegment } from './engine.js';
import { clampWords } from './segment-words.js';

/** Shorter than this (a millisecond, the precision times are stored at) counts as no length. */
const MIN_SEGMENT_SECONDS = 0.001;

/**
 * Puts segments in spoken order inside the stretch of audio they came from, keeping every word.
 * Engines that time text themselves (whisper, OpenAI-compatible services) overshoot the audio
 * they were sent, let segments overlap, or stamp a segment at an instant. Here segments are
 * sorted by start and clipped to [from, to]; an overlap ends the earlier segment where the later
 * one starts, or joins the two when they start together; a segment left without length (it lay
 * past the end) gives its words to the segment before it, rather than being piled up at the end
 * as a zero-length line. What comes out is in order, without overlaps, and every segment has a length.
 */
export function fitSegments(
  segments: readonly TranscriptSegment[],
  from: number,
  to: number,
): TranscriptSegment[] {
  const clip = (seconds: number): number => Math.min(Math.max(seconds, from), to);
  const ordered = segments
    .map((segment) => ({
      start: clip(segment.start),
      end: clip(Math.max(segment.start, segment.end)),
      text: segment.text.trim(),
      words: segment.words ?? [],
    }))
    .filter((segment) => segment.text !== '')
    .sort((left, right) => left.start - right.start || left.end - right.end);
  const fitted: TranscriptSegment[] = [];
  /** Text of no length before any segment with one: it opens the next segment. */
  let leading = '';
  let leadingWords: TimedWord[] = [];
  for (const segment of ordered) {
    const before = fitted.at(-1);
    if (before && segment.start < before.end) {
      if (segment.start - before.start >= MIN_SEGMENT_SECONDS) before.end = segment.start;
      else {
        joinInto(before, segment);
        continue;
      }
    }
    if (segment.end - segment.start < MIN_SEGMENT_SECONDS) {
      // Its time says nothing (it lay past the end): its words join the segment before, whose
      // time stays as it was.
      if (before) {
        before.text = joinText(before.text, segment.text);
        before.words = [...(before.words ?? []), ...segment.words];
      } else {
        leading = joinText(leading, segment.text);
        leadingWords = [...leadingWords, ...segment.words];
      }
      continue;
    }
    fitted.push({
      ...segment,
      text: joinText(leading, segment.text),
      words: [...leadingWords, ...segment.words],
    });
    leading = '';
    leadingWords = [];
  }
  // Nothing had a length (an engine that timed all its text past the audio): the text belongs
  // somewhere in this stretch, and the whole of it is the best that can be said.
  if (leading !== '' && to - from >= MIN_SEGMENT_SECONDS)
    fitted.push({ start: from, end: to, text: leading, words: leadingWords });
  return fitted.map(({ words, ...segment }) =>
    words && words.length > 0
      ? { ...segment, words: clampWords(words, segment.start, segment.end) }
      : segment,
  );
}

function joinInto(target: TranscriptSegment, segment: TranscriptSegment): void {
  target.text = joinText(target.text, segment.text);
  target.words = [...(target.words ?? []), ...(segment.words ?? [])];
  target.end = Math.max(target.end, segment.end);
}

const joinText = (first: string, second: string): string =>
  first === '' ? second : `${first} ${second}`;
