import type { StoredSegment } from '../db/schema.js';
import { spreadWords } from '../../core/words.js';

type EditedLine = Omit<StoredSegment, 'words' | 'wordsToAlign'>;

const roundMs = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Words of a line whose text stayed and whose times moved, moved with it in proportion. */
function movedWords(before: StoredSegment, after: EditedLine): StoredSegment['words'] {
  if (!before.words) return undefined;
  const from = before.end - before.start;
  const to = after.end - after.start;
  const place = (seconds: number) =>
    roundMs(after.start + (from > 0 ? ((seconds - before.start) * to) / from : 0));
  return before.words.map((word) => ({ ...word, start: place(word.start), end: place(word.end) }));
}

/**
 * The words of each line after an edit (issue 28, item 5). A line whose text is unchanged keeps
 * its words (moved with its times, if they moved); a line a person rewrote gets its text spread
 * over it at once, with confidence 1 (a person wrote it), marked for the alignment job, which
 * then finds each word in the audio.
 */
export function wordsAfterEdit(
  edited: readonly EditedLine[],
  current: readonly StoredSegment[],
): StoredSegment[] {
  // Lines are matched by their text: an edit may insert, remove or split lines before them.
  const unmatched = new Map<string, StoredSegment[]>();
  for (const line of current) unmatched.set(line.text, [...(unmatched.get(line.text) ?? []), line]);
  return edited.map((line, index) => {
    const same = current[index]?.text === line.text ? current[index] : undefined;
    const candidates = unmatched.get(line.text) ?? [];
    const before = same && candidates.includes(same) ? same : candidates[0];
    if (before) {
      candidates.splice(candidates.indexOf(before), 1);
      const unmoved = before.start === line.start && before.end === line.end;
      const words = unmoved ? before.words : movedWords(before, line);
      return {
        ...line,
        ...(words ? { words } : {}),
        ...(before.wordsToAlign ? { wordsToAlign: true } : {}),
      };
    }
    return {
      ...line,
      words: spreadWords(line.text, line.start, line.end, 1),
      ...(line.text.trim() !== '' ? { wordsToAlign: true } : {}),
    };
  });
}
