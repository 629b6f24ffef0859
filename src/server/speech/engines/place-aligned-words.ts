import { spreadWords, wordsOfText, type TimedWord } from '../../../core/words.js';
import { clampWords, shiftWords } from './segment-words.js';

/**
 * A line's words from a forced alignment of its audio (times from `offset`, the audio's first
 * sample), kept inside the line. Words the aligner could not place share the time between their
 * placed neighbours; with no alignment at all the words are spread over the line.
 */
export function placeAlignedWords(
  line: { start: number; end: number; text: string },
  aligned: readonly (TimedWord | null)[] | null,
  offset: number,
): TimedWord[] {
  const pieces = wordsOfText(line.text);
  if (!aligned || aligned.length !== pieces.length || aligned.every((word) => word === null))
    return spreadWords(line.text, line.start, line.end, 1);
  const placed = shiftWords(
    aligned.filter((word): word is TimedWord => word !== null),
    offset,
  );
  const words: TimedWord[] = [];
  let next = 0;
  for (let index = 0; index < pieces.length;) {
    if (aligned[index] !== null) {
      words.push({ ...placed[next++]!, word: pieces[index]! });
      index += 1;
      continue;
    }
    // A run of unplaced words fills the gap between the words around it.
    let end = index;
    while (end < pieces.length && aligned[end] === null) end += 1;
    const from = words.at(-1)?.end ?? line.start;
    const to = placed[next]?.start ?? line.end;
    words.push(...spreadWords(pieces.slice(index, end).join(' '), from, Math.max(from, to), 1));
    index = end;
  }
  return clampWords(words, line.start, line.end);
}
