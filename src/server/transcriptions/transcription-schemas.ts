import { z } from 'zod';
import { EXPORT_FORMATS, TRANSCRIPTION_STATUSES } from '../../core/api-types.js';
import { forDocumentationOnly } from '../http/documentation-only.js';
import { LIST_SORTS } from './list-cursor.js';

/** The JSON the library routes answer with: the OpenAPI document and the serializer read these. */

const segment = z.object({ start: z.number(), end: z.number(), text: z.string() });

export const transcriptionListItemSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    text: z.string(),
    createdAt: z.iso.datetime(),
    durationInSeconds: z.number(),
    fileSize: z.number(),
    isTruncated: z.boolean(),
    status: z.enum(TRANSCRIPTION_STATUSES),
    progress: z.number(),
    error: z.string().nullable(),
    language: z.string().nullable(),
    engine: z.string().nullable(),
    model: z.string().nullable(),
  })
  .meta({ id: 'TranscriptionListItem' });

export const transcriptionSchema = transcriptionListItemSchema
  .extend({
    segments: z.array(segment),
    version: z.number().int(),
    isEdited: z.boolean(),
    share: z.object({ url: z.string(), token: z.string() }).nullable(),
  })
  .meta({ id: 'Transcription' });

export const usageSchema = z
  .object({
    transcriptionsThisMonth: z.number(),
    transcriptionLimit: z.number().nullable(),
    storageBytes: z.number(),
    storageLimit: z.number(),
    plan: z.enum(['free', 'pro']),
  })
  .meta({ id: 'Usage' });

/** The handlers parse these themselves, with the messages users see; here they document. */
export const transcriptionIdParams = forDocumentationOnly(z.object({ id: z.string() }));

export const listQuerySchema = forDocumentationOnly(
  z.object({
    limit: z.number().int().min(1).max(100).optional().describe('Page size, 50 by default.'),
    sort: z.enum(LIST_SORTS).optional(),
    before: z.string().optional().describe('The `x-next-cursor` of the previous page.'),
  }),
);

export const downloadQuerySchema = forDocumentationOnly(
  z.object({
    format: z.enum(EXPORT_FORMATS).optional().describe('txt by default.'),
    version: z.enum(['original', 'current']).optional(),
  }),
);

export const uploadFormSchema = forDocumentationOnly(
  z.object({
    audio: z.string().meta({ format: 'binary', description: 'The audio file, at most 100 MB.' }),
  }),
);

export const fileResponseSchema = z
  .string()
  .meta({ format: 'binary' })
  .describe('The file, in the Content-Type the format names.');

export const transcriptionPatchBody = forDocumentationOnly(
  z
    .object({
      filename: z.string().optional(),
      segments: z.array(segment).optional(),
      version: z
        .number()
        .int()
        .optional()
        .describe('The version the edit was made on; an `If-Match: "N"` header may carry it.'),
    })
    .meta({ id: 'TranscriptionPatch' }),
);

export const originalTranscriptSchema = z
  .object({ text: z.string(), segments: z.array(segment) })
  .meta({ id: 'OriginalTranscript' });

export const retranscribeBody = forDocumentationOnly(
  z
    .object({
      wholeFile: z
        .boolean()
        .optional()
        .describe('Ask for the whole file: refused (403) when the plan cuts it at 30 seconds.'),
    })
    .nullish(),
);

export const transcriptionEventsSchema = z
  .string()
  .describe(
    'Server-sent events as the transcription runs: `segments` (`{ from, segments }`), `progress` (`{ progress }`) and `status` (`{ status, error }`); the stream ends when the transcription does. Reconnect with `Last-Event-ID` to resume.',
  );

export const libraryEventsSchema = z
  .string()
  .describe(
    "Server-sent events for all of the signed-in user's transcriptions: on opening, a `transcription` event (a list item, as `GET /api/transcriptions` gives it) for each one still queued or processing; then one whenever any of theirs changes, and `removed` (`{ id }`) when one is deleted. The stream stays open until the client closes it.",
  );

export const shareLinkSchema = z
  .object({
    url: z.string().describe('The public read-only page, `<BASE_URL>/s/<token>`.'),
    token: z.string(),
  })
  .meta({ id: 'ShareLink' });

export const shareTokenParams = forDocumentationOnly(z.object({ token: z.string() }));

export const sharedTranscriptSchema = z
  .object({
    filename: z.string(),
    text: z.string(),
    segments: z.array(segment),
    durationInSeconds: z.number(),
    language: z.string().nullable(),
  })
  .meta({ id: 'SharedTranscript' });

export const freeTrialFormSchema = forDocumentationOnly(
  z.object({
    audio: z.string().meta({
      format: 'binary',
      description: 'The audio file; only its first 30 seconds are transcribed.',
    }),
  }),
);

export const freeTrialResultSchema = z
  .object({ text: z.string(), isTruncated: z.boolean(), durationInSeconds: z.number() })
  .meta({ id: 'FreeTrialResult' });
