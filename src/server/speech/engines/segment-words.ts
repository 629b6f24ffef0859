import { spreadWords, wordsOfText, type TimedWord } from '../../../core/words.js';

const roundMs = (seconds: number): number => Math.round(seconds * 1000) / 1000;
const normalised = (word: string): string =>
  word
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}']+/gu, '');

/** Mean confidence of some words, or 1 when there are none to judge by. */
export function meanConfidence(words: readonly TimedWord[]): number {
  if (words.length === 0) return 1;
  return words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}

/** Words kept inside [start, end], in order and without overlaps. */
export function clampWords(words: readonly TimedWord[], start: number, end: number): TimedWord[] {
  let floor = start;
  return words.map((word) => {
    const from = Math.min(Math.max(word.start, floor), end);
    const to = Math.min(Math.max(word.end, from), end);
    floor = from;
    return { ...word, start: roundMs(from), end: roundMs(to) };
  });
}

/** The same words moved by `seconds`. */
export const shiftWords = (words: readonly TimedWord[], seconds: number): TimedWord[] =>
  words.map((word) => ({
    ...word,
    start: roundMs(word.start + seconds),
    end: roundMs(word.end + seconds),
  }));

/** Where `needle` starts as a run inside `haystack` (compared without case or punctuation), or -1. */
function indexOfRun(haystack: readonly string[], needle: readonly string[]): number {
  outer: for (let at = 0; at + needle.length <= haystack.length; at += 1) {
    for (let offset = 0; offset < needle.length; offset += 1)
      if (normalised(haystack[at + offset] ?? '') !== normalised(needle[offset] ?? ''))
        continue outer;
    return at;
  }
  return -1;
}

/**
 * A segment's words made to match its text piece for piece. Engines and cleaning steps change the
 * text (a repeated phrase dropped, punctuation joined to a word); the timed words follow: the same
 * count takes the text's pieces, a run of the words that spells the text is kept, and otherwise
 * the text is spread over the segment with the words' mean confidence.
 */
export function wordsForText(
  segment: { start: number; end: number; text: string },
  words: readonly TimedWord[] | undefined,
): TimedWord[] {
  const pieces = wordsOfText(segment.text);
  if (!words || words.length === 0) return spreadWords(segment.text, segment.start, segment.end, 1);
  if (words.length === pieces.length)
    return clampWords(
      words.map((word, index) => ({ ...word, word: pieces[index] ?? word.word })),
      segment.start,
      segment.end,
    );
  const at = indexOfRun(
    words.map((word) => word.word),
    pieces,
  );
  if (at >= 0 && pieces.length > 0)
    return clampWords(
      words
        .slice(at, at + pieces.length)
        .map((word, index) => ({ ...word, word: pieces[index] ?? word.word })),
      segment.start,
      segment.end,
    );
  return spreadWords(segment.text, segment.start, segment.end, meanConfidence(words));
}

/**
 * Stored lines as they are shown and exported: each with its words (spread over the line when it
 * has none stored), and without the marks kept for the alignment job.
 */
export function segmentsWithWords<
  Segment extends { start: number; end: number; text: string; words?: TimedWord[] },
>(segments: readonly Segment[]): (Omit<Segment, 'wordsToAlign'> & { words: TimedWord[] })[] {
  return segments.map((segment) => {
    const { wordsToAlign: _pending, ...shown } = segment as Segment & { wordsToAlign?: boolean };
    return { ...shown, words: wordsForText(segment, segment.words) };
  });
}
