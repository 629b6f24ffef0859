import { segmentsWithWords } from '../speech/engines/segment-words.js';
import type { ShareLinkDto } from '../../core/api/sharing.js';
import type {
  TranscriptionAccessDto,
  TranscriptionDto,
  TranscriptionListItemDto,
  TranscriptionSummaryDto,
} from '../../core/api/transcriptions.js';
import { excerptFromEnd, excerptOf } from './transcript-excerpt.js';
import { isEditedFrom } from '../../core/edited-lines.js';
import type { TranscriptionRow } from './transcription.repository.js';
import type { StoredSegment } from '../db/schema.js';

type SummaryRow = Pick<
  TranscriptionRow,
  | 'id'
  | 'filename'
  | 'createdAt'
  | 'durationInSeconds'
  | 'fileSize'
  | 'isTruncated'
  | 'status'
  | 'progress'
  | 'error'
  | 'language'
  | 'task'
  | 'languageAssumed'
  | 'engine'
  | 'model'
  | 'teamId'
  | 'userId'
>;

/** Who reads it and who uploaded it: the same row says different things to different members. */
export interface TranscriptionViewer {
  access: TranscriptionAccessDto;
  uploaderName: string;
}

/** What both shapes say: storage keys, internal columns, text and segments stay behind. */
function toSummaryDto(row: SummaryRow, viewer: TranscriptionViewer): TranscriptionSummaryDto {
  return {
    id: row.id,
    filename: row.filename,
    createdAt: row.createdAt.toISOString(),
    durationInSeconds: row.durationInSeconds,
    fileSize: row.fileSize,
    isTruncated: row.isTruncated,
    status: row.status,
    progress: row.progress,
    error: row.error,
    language: row.language,
    task: row.task,
    languageAssumed: row.languageAssumed,
    engine: row.engine,
    model: row.model,
    teamId: row.teamId,
    access: viewer.access,
    uploader: { id: row.userId, name: viewer.uploaderName },
  };
}

/**
 * A list item: the summary and an excerpt of the text, never the whole of it (a page may hold
 * a hundred long transcripts, and pages are kept in memory). `excerptSource` is at least the
 * part of the text the excerpt is cut from (`excerptSourceColumn`).
 */
export function toTranscriptionListItemDto(
  row: SummaryRow & {
    excerptSource: string;
    uploaderName: string;
    originalSegments: StoredSegment[] | null;
    editedSegments: StoredSegment[] | null;
  },
  access: TranscriptionAccessDto,
): TranscriptionListItemDto {
  return {
    ...toSummaryDto(row, { access, uploaderName: row.uploaderName }),
    excerpt: excerptOf(row.excerptSource, excerptFromEnd(row.status)),
    isEdited: isEditedFrom(row.originalSegments, row.editedSegments),
  };
}

export function shareLinkFor(baseUrl: string, token: string): ShareLinkDto {
  return { url: `${baseUrl}/s/${token}`, token };
}

/**
 * Everything the detail page needs. `baseUrl` makes the share link absolute; `deletesAt` is when
 * retention deletes it (`findTranscriptDeletesAt`).
 */
export function toTranscriptionDto(
  row: TranscriptionRow,
  baseUrl: string,
  deletesAt: Date | null,
  viewer: TranscriptionViewer,
): TranscriptionDto {
  return {
    ...toSummaryDto(row, viewer),
    text: row.text,
    segments: segmentsWithWords(row.segments),
    version: row.version,
    isEdited: isEditedFrom(row.originalSegments, row.segments),
    share: row.shareToken === null ? null : shareLinkFor(baseUrl, row.shareToken),
    denoise: row.denoise,
    denoised: row.denoised,
    droppedAudio: row.droppedAudio,
    deletesAt: deletesAt?.toISOString() ?? null,
    recordingDeleted: row.audioDeletedAt !== null,
  };
}
