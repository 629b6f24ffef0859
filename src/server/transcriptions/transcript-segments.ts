import type { TranscriptSegmentDto } from '../../core/api/transcriptions.js';

type Line = Omit<TranscriptSegmentDto, 'words'>;

/** The full text of edited segments: their texts in order, one space apart (as the job joins them). */
export function textFromSegments(segments: readonly Pick<Line, 'text'>[]): string {
  return segments
    .map((segment) => segment.text)
    .filter((text) => text !== '')
    .join(' ');
}
