import type { StoredSegment } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { quoted } from './transcript-patch.js';

/**
 * Renames speakers on every line of theirs, all at once: `{ A: 'B', B: 'A' }` swaps them, and a
 * new name another speaker already has merges the two. Renaming a speaker no line has is a 400.
 */
export function renameSpeakers(
  segments: readonly StoredSegment[],
  renames: ReadonlyMap<string, string>,
): StoredSegment[] {
  const present = new Set(segments.map((segment) => segment.speaker));
  for (const current of renames.keys()) {
    if (!present.has(current)) {
      throw new AppError(
        'bad_request',
        `No line of this transcript is spoken by ${quoted(current)}; rename one of its speakers.`,
      );
    }
  }
  return segments.map((segment) => ({
    ...segment,
    speaker: renames.get(segment.speaker) ?? segment.speaker,
  }));
}
