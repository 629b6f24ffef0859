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

/**
 * How a transcript version came about: the engine's first transcript, a later run of it, a
 * person's edit of the lines, of the speakers' names or lines, of the file name, or a restore.
 */
export const TRANSCRIPT_VERSION_KINDS = [
  'transcribed',
  'retranscribed',
  'edited',
  'speakers',
  'renamed',
  'restored',
] as const;
export type TranscriptVersionKind = (typeof TRANSCRIPT_VERSION_KINDS)[number];
