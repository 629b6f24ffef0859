import { z } from 'zod';
import { EXPORT_FORMATS, TRANSCRIPTION_STATUSES } from '../../core/api-types.js';
import { forDocumentationOnly } from '../http/documentation-only.js';
import { LIST_SORTS } from './library/list-cursor.js';
import { EXCERPT_CHARACTERS } from './transcript-excerpt.js';

/**
 * What the library routes take and answer with: zod checks the input against these and shapes the
 * output, and the OpenAPI document is made from the same schemas. The messages are the ones users
 * see when a request is refused.
 */

const segment = z.object({ start: z.number(), end: z.number(), text: z.string() });

const transcriptionSummary = z.object({
  id: z.string(),
  filename: z.string(),
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
});

export const transcriptionListItemSchema = transcriptionSummary
  .extend({
    excerpt: z
      .string()
      .describe(
        `At most ${EXCERPT_CHARACTERS} characters of the text, "…" marking a cut: its beginning, or while queued or processing its end (the newest words). The whole text is in \`GET /api/transcriptions/{id}\`.`,
      ),
  })
  .meta({ id: 'TranscriptionListItem' });

export const transcriptionSchema = transcriptionSummary
  .extend({
    text: z.string(),
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

/** `:id` of the library routes; an id that names no transcript of yours is a 404, not a 400. */
export const transcriptionIdParams = z.object({ id: z.string() });

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;

export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(MAX_PAGE_SIZE, { error: LIMIT_MESSAGE })
    .default(DEFAULT_PAGE_SIZE)
    .describe('Page size, 50 by default.'),
  sort: z
    .enum(LIST_SORTS, { error: `sort must be one of ${LIST_SORTS.join(', ')}.` })
    .default('newest'),
  before: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('The `x-next-cursor` of the previous page.'),
});

const FORMAT_MESSAGE = `format must be one of ${EXPORT_FORMATS.join(', ')}.`;
const VERSION_MESSAGE = 'version must be "original" (or left out for the current transcript).';

export const downloadQuerySchema = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: FORMAT_MESSAGE })
    .default('txt')
    .describe('txt by default.'),
  version: z.enum(['original', 'current'], { error: VERSION_MESSAGE }).default('current'),
});

export const uploadFormSchema = forDocumentationOnly(
  z.object({
    audio: z.string().meta({ format: 'binary', description: 'The audio file, at most 100 MB.' }),
  }),
);

export const fileResponseSchema = z
  .string()
  .meta({ format: 'binary' })
  .describe('The file, in the Content-Type the format names.');

/** What zod itself says about an issue, in the language it is configured with. */
function zodDefaultMessage(issue: z.core.$ZodRawIssue): string {
  const said = z.config().localeError?.(issue);
  return typeof said === 'string' ? said : (said?.message ?? 'Invalid input');
}

/** Every shape error of an edit reads "Invalid edit. <where>: <what zod says>". */
const invalidEdit = {
  error: (issue: z.core.$ZodRawIssue) => {
    const where = issue.path && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `Invalid edit. ${where}${zodDefaultMessage(issue)}`;
  },
};

const MAX_VERSION = 999_999_999;

const editedSegment = z.strictObject(
  {
    start: z.number(invalidEdit),
    end: z.number(invalidEdit),
    text: z.string(invalidEdit),
  },
  invalidEdit,
);

/**
 * The shape of an edit; what it may say (names, segments within the audio, the version) is
 * checked against the transcript by `parsePatch`. No body at all is an empty edit.
 */
export const transcriptionPatchBody = z.preprocess(
  (body) => body ?? {},
  z
    .strictObject(
      {
        filename: z.string(invalidEdit).optional(),
        segments: z.array(editedSegment, invalidEdit).optional(),
        version: z
          .number(invalidEdit)
          .int(invalidEdit)
          .positive(invalidEdit)
          // As far as an If-Match header may name (nine digits): the column is a 32-bit integer.
          .max(MAX_VERSION, invalidEdit)
          .optional()
          .describe('The version the edit was made on; an `If-Match: "N"` header may carry it.'),
      },
      invalidEdit,
    )
    .meta({ id: 'TranscriptionPatch' }),
);
export type TranscriptionPatch = z.infer<typeof transcriptionPatchBody>;

export const originalTranscriptSchema = z
  .object({ text: z.string(), segments: z.array(segment) })
  .meta({ id: 'OriginalTranscript' });

const RETRANSCRIBE_MESSAGE = 'Send no body, or { "wholeFile": true }.';

export const retranscribeBody = z
  .strictObject(
    {
      wholeFile: z
        .boolean({ error: RETRANSCRIBE_MESSAGE })
        .optional()
        .describe('Ask for the whole file: refused (403) when the plan cuts it at 30 seconds.'),
    },
    { error: RETRANSCRIBE_MESSAGE },
  )
  .nullish();

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

export const shareTokenParams = z.object({ token: z.string() });

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
