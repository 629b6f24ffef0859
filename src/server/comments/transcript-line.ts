import { AppError } from '../errors/app-error.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';

/** The text of line `segment` of the transcript as it is now; a 400 when there is no such line. */
export function transcriptLineText(
  row: Pick<TranscriptionRow, 'segments'>,
  segment: number,
): string {
  const line = row.segments[segment];
  if (!line) {
    throw new AppError(
      'bad_request',
      row.segments.length === 0
        ? 'This transcript has no lines yet to comment on.'
        : `There is no line ${segment} in this transcript: lines are numbered 0 to ${row.segments.length - 1}.`,
    );
  }
  return line.text;
}
