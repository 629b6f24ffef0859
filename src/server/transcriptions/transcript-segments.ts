import type { TranscriptSegmentDto } from '../../core/api/transcriptions.js';

type Line = Omit<TranscriptSegmentDto, 'words'>;

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

/** The full text of edited segments: their texts in order, one space apart (as the job joins them). */
export function textFromSegments(segments: readonly Pick<Line, 'text'>[]): string {
  return segments
    .map((segment) => segment.text)
    .filter((text) => text !== '')
    .join(' ');
}
