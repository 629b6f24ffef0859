import { z } from 'zod';
import { EXPORT_FORMATS } from './transcription-values.js';

/**
 * ZIP downloads built in the background (docs/decisions/0081): chosen transcripts in one format
 * (`POST /api/exports`), or all of an account's data (`POST /api/account/export`).
 */

/** At most this many transcripts in one bulk download. */
export const MAX_EXPORT_IDS = 500;
/** Hours a finished ZIP can be downloaded; then it is deleted. */
export const ZIP_EXPORT_HOURS = 24;
/** ZIPs one account may have waiting to be built at once. */
export const MAX_PENDING_EXPORTS = 3;

export const EXPORT_IDS_MESSAGE = `Send { "ids": [...], "format": "txt" } with 1 to ${MAX_EXPORT_IDS} transcription ids.`;
export const TOO_MANY_IDS_MESSAGE = `One download holds at most ${MAX_EXPORT_IDS} transcripts. Choose fewer, or download them in parts.`;
export const EXPORT_FORMAT_MESSAGE = `format must be one of ${EXPORT_FORMATS.join(', ')}.`;
export const EXPORT_EXPIRED_MESSAGE = `This download has expired: files are kept ${ZIP_EXPORT_HOURS} hours. Prepare a new one.`;
export const EXPORT_NOT_FOUND_MESSAGE = 'Download not found';
export const TOO_MANY_PENDING_MESSAGE = `${MAX_PENDING_EXPORTS} downloads are being prepared already. Wait until one is ready.`;

export const createZipExportBody = z.object(
  {
    ids: z
      .array(z.string({ error: EXPORT_IDS_MESSAGE }).min(1).max(200), { error: EXPORT_IDS_MESSAGE })
      .min(1, { error: EXPORT_IDS_MESSAGE })
      .max(MAX_EXPORT_IDS, { error: TOO_MANY_IDS_MESSAGE })
      .describe(`The transcriptions, 1 to ${MAX_EXPORT_IDS}; repeats count once.`),
    format: z
      .enum(EXPORT_FORMATS, { error: EXPORT_FORMAT_MESSAGE })
      .default('txt')
      .describe('The format of every file inside; txt by default.'),
  },
  { error: EXPORT_IDS_MESSAGE },
);
export type CreateZipExportBody = z.infer<typeof createZipExportBody>;

export const zipExportCreatedSchema = z.object({ id: z.string() }).meta({ id: 'ZipExportCreated' });

export const ZIP_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type ZipExportStatus = (typeof ZIP_EXPORT_STATUSES)[number];

export const zipExportSchema = z
  .object({
    id: z.string(),
    status: z.enum(ZIP_EXPORT_STATUSES),
    url: z
      .string()
      .nullable()
      .describe('Where the ZIP downloads from (with the same sign-in or key), once `ready`.'),
    expiresAt: z.iso.datetime().describe('When the ZIP and this status are deleted.'),
    error: z.string().nullable().describe('Why it failed, when `failed`.'),
  })
  .meta({ id: 'ZipExport' });
export type ZipExportDto = z.infer<typeof zipExportSchema>;
