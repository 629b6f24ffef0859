import type { ShareLinkDto } from '../../core/api/sharing.js';
import type { TranscriptionDto, TranscriptionListItemDto } from '../../core/api/transcriptions.js';
import { segmentsEqual } from './transcript-segments.js';
import type { TranscriptionRow } from './transcription.repository.js';

/** The public shape of a list item: storage keys, internal columns and segments stay behind. */
export function toTranscriptionListItemDto(
  row: Omit<TranscriptionRow, 'segments' | 'originalSegments' | 'originalText' | 'searchVector'>,
): TranscriptionListItemDto {
  return {
    id: row.id,
    filename: row.filename,
    text: row.text,
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
  };
}

export function shareLinkFor(baseUrl: string, token: string): ShareLinkDto {
  return { url: `${baseUrl}/s/${token}`, token };
}

/** Everything the detail page needs. `baseUrl` makes the share link absolute. */
export function toTranscriptionDto(row: TranscriptionRow, baseUrl: string): TranscriptionDto {
  return {
    ...toTranscriptionListItemDto(row),
    segments: row.segments,
    version: row.version,
    isEdited: row.originalSegments !== null && !segmentsEqual(row.originalSegments, row.segments),
    share: row.shareToken === null ? null : shareLinkFor(baseUrl, row.shareToken),
  };
}
