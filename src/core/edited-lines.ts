import type { TranscriptSegmentDto } from './api/transcriptions.js';

type Line = Omit<TranscriptSegmentDto, 'words'>;

/** The same lines: times, texts and speakers alike, words aside. */
export function segmentsEqual(left: readonly Line[], right: readonly Line[]): boolean {
  return (
    left.length === right.length &&
    left.every((segment, index) => {
      const other = right[index];
      return (
        other !== undefined &&
        segment.start === other.start &&
        segment.end === other.end &&
        segment.text === other.text &&
        segment.speaker === other.speaker
      );
    })
  );
}

/**
 * Whether someone's corrections are in the lines: they differ from the machine's first transcript
 * (kept as `original`, null until the first edit) in a time, a text or a speaker, words aside.
 */
export function isEditedFrom(
  original: readonly Line[] | null,
  current: readonly Line[] | null,
): boolean {
  return original !== null && !segmentsEqual(original, current ?? []);
}
