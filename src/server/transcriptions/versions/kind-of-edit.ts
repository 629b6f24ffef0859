import type { TranscriptVersionKind } from '../../../core/api/transcription-values.js';
import type { StoredSegment } from '../../db/schema.js';

const sameLinesBesidesSpeakers = (
  before: readonly StoredSegment[],
  after: readonly StoredSegment[],
) =>
  before.length === after.length &&
  before.every(
    (line, index) =>
      line.start === after[index]?.start &&
      line.end === after[index].end &&
      line.text === after[index].text,
  );

/** What an edit changed, as the History panel names it. */
export function kindOfEdit(
  before: readonly StoredSegment[],
  after: readonly StoredSegment[] | undefined,
): TranscriptVersionKind {
  if (after === undefined) return 'renamed';
  return sameLinesBesidesSpeakers(before, after) ? 'speakers' : 'edited';
}
