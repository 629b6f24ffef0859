/**
 * The fixed values of the transcription contract. Kept apart from the zod schemas, without zod,
 * so a page that only lists the export formats does not load zod.
 */

export const TRANSCRIPTION_STATUSES = [
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

/** `GET /api/download/:id?format=`; TXT is the default. */
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'docx', 'pdf', 'json', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The orders of `GET /api/transcriptions?sort=`. */
export const LIST_SORTS = ['newest', 'oldest', 'name', 'duration'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
