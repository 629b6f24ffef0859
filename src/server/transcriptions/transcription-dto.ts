import type { TranscriptionDto } from '../../core/api-types.js';
import type { TranscriptionRow } from './transcription.repository.js';

/** The public shape: storage keys and internal columns never leave the server. */
export function toTranscriptionDto(row: TranscriptionRow): TranscriptionDto {
  return {
    id: row.id,
    filename: row.filename,
    text: row.text,
    segments: row.segments,
    createdAt: row.createdAt.toISOString(),
    durationInSeconds: row.durationInSeconds,
    fileSize: row.fileSize,
    isTruncated: row.isTruncated,
    status: row.status,
    progress: row.progress,
    error: row.error,
    language: row.language,
    engine: row.engine,
    model: row.model,
    // Placeholders until the workbench columns exist (issue 16, server part).
    version: 1,
    isEdited: false,
    share: null,
  };
}
