import { SPEECH_TASKS } from '../languages.js';
import { z } from 'zod';
import { SPEAKER_NAME_MAX_CHARACTERS } from '../speakers.js';
import { DENOISE_SETTINGS, droppedAudioSchema } from './denoise-field.js';
import { EXPORT_FORMATS, LIST_SORTS, TRANSCRIPTION_STATUSES } from './transcription-values.js';
import { TEAM_ROLES } from './team-values.js';

/**
 * What the library routes take and answer with: zod checks the input against these and shapes the
 * output, the OpenAPI document is made from the same schemas, and the web app's types are inferred
 * from them. The messages are the ones users see when a request is refused.
 */

export const timedWordSchema = z
  .object({
    word: z.string(),
    start: z.number(),
    end: z.number(),
    confidence: z
      .number()
      .describe(
        'How sure the engine was, 0 to 1. Words a person wrote, and words of transcripts made before words were timed, say 1.',
      ),
  })
  .meta({ id: 'TimedWord' });

export const transcriptSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  // Optional in the type only, so lines built by hand (tests, edits in the browser) need none:
  // every answer of this server fills it (segmentsWithWords).
  words: z
    .array(timedWordSchema)
    .optional()
    .describe(
      "Always present in answers. The line's words (its text split at spaces) with the seconds each starts and ends. After a person changes a line, its words are spread over it at once and aligned to the audio shortly after.",
    ),
  speaker: z
    .string()
    .describe(
      'Who speaks: `Speaker 1`, `Speaker 2`, … in order of first appearance, or a given name.',
    ),
});
export type TranscriptSegmentDto = z.infer<typeof transcriptSegmentSchema>;

/** A list item's excerpt is at most this many characters, the mark of a cut included. */
export const EXCERPT_CHARACTERS = 300;

/** How the reader reaches a transcription: as its uploader, or through their role in its team. */
export const TRANSCRIPTION_ACCESS = ['uploader', ...TEAM_ROLES] as const;
export type TranscriptionAccessDto = (typeof TRANSCRIPTION_ACCESS)[number];

/** What a list item and a whole transcript both say. */
const transcriptionSummarySchema = z.object({
  id: z.string(),
  filename: z.string(),
  createdAt: z.iso.datetime(),
  durationInSeconds: z.number(),
  fileSize: z.number(),
  isTruncated: z.boolean(),
  status: z.enum(TRANSCRIPTION_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  /** ISO 639-1 code of the language spoken (detected or chosen); also when translated. */
  language: z.string().nullable(),
  /** `translate`: the text is English, translated from `language`. */
  task: z.enum(SPEECH_TASKS),
  /** The engine could not detect the language and took English (PocketSphinx). */
  languageAssumed: z.boolean(),
  /** The speech engine that made the transcript (`whisper`, `pocketsphinx`, `openai`). */
  engine: z.string().nullable(),
  /** The engine's model or variant (`base.en`, `en-us`, `whisper-1`). */
  model: z.string().nullable(),
  teamId: z
    .string()
    .nullable()
    .describe("The team whose library holds it, or null in its uploader's own library."),
  access: z
    .enum(TRANSCRIPTION_ACCESS)
    .describe(
      "What you may do with it: `uploader` in your own library, or your role in its team's.",
    ),
  uploader: z
    .object({ id: z.string(), name: z.string() })
    .describe('Who uploaded or recorded it (whose plan it counts against).'),
});
export type TranscriptionSummaryDto = z.infer<typeof transcriptionSummarySchema>;

/** An item of `GET /api/transcriptions` (a page of) and the library's event stream. */
export const transcriptionListItemSchema = transcriptionSummarySchema
  .extend({
    excerpt: z
      .string()
      .describe(
        `At most ${EXCERPT_CHARACTERS} characters of the text, "…" marking a cut: its beginning, or while queued or processing its end (the newest words). The whole text is in \`GET /api/transcriptions/{id}\`.`,
      ),
    isEdited: z
      .boolean()
      .describe(
        "The lines differ from the machine's first transcript (someone corrected them): transcribing again replaces the corrections.",
      ),
  })
  .meta({ id: 'TranscriptionListItem' });
export type TranscriptionListItemDto = z.infer<typeof transcriptionListItemSchema>;

/** `GET /api/transcriptions/:id`: everything the detail page needs. */
export const transcriptionSchema = transcriptionSummarySchema
  .extend({
    text: z.string(),
    segments: z.array(transcriptSegmentSchema),
    /**
     * Starts at 1 and goes up with every saved edit. `PATCH` takes it back (an `If-Match: "N"`
     * header or a `version` field) and answers 409 when it is stale.
     */
    version: z.number().int(),
    /** The segments differ from the machine's first transcript (`?version=original`). */
    isEdited: z.boolean(),
    /** The live share link (as `POST …/share` gives it), or null when the transcript is not shared. */
    share: z.object({ url: z.string(), token: z.string() }).nullable(),
    denoise: z.enum(DENOISE_SETTINGS).describe("The upload's `denoise` setting."),
    denoised: z
      .boolean()
      .nullable()
      .describe('Whether noise suppression ran on the audio; null until transcribed.'),
    droppedAudio: droppedAudioSchema,
    deletesAt: z.iso
      .datetime()
      .nullable()
      .describe(
        "When the account's retention setting (or the server's cap) deletes this transcript; null when it is kept.",
      ),
    recordingDeleted: z
      .boolean()
      .describe(
        'The recording was deleted by retention; the text is kept, the audio route answers 410.',
      ),
  })
  .meta({ id: 'Transcription' });
export type TranscriptionDto = z.infer<typeof transcriptionSchema>;

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
  team: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("A team's library (you are a member); without it, your own library."),
});

/** `GET /api/transcriptions/events`. */
export const libraryEventsQuery = z.object({
  team: listQuerySchema.shape.team,
});

/** `POST /api/transcriptions/:id/move`. */
export const moveTranscriptionBody = z.object({
  team: z
    .string({ error: 'team must be a team id, or null for the uploader’s own library.' })
    .min(1)
    .nullable()
    .describe("The team to move it into, or null to give it back to its uploader's own library."),
});
export type MoveTranscriptionBody = z.infer<typeof moveTranscriptionBody>;

const FORMAT_MESSAGE = `format must be one of ${EXPORT_FORMATS.join(', ')}.`;
const VERSION_MESSAGE = 'version must be "original" (or left out for the current transcript).';

export const downloadQuerySchema = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: FORMAT_MESSAGE })
    .default('txt')
    .describe('txt by default.'),
  version: z.enum(['original', 'current'], { error: VERSION_MESSAGE }).default('current'),
  comments: z
    .enum(['true', 'false'], { error: 'comments is true or false.' })
    .default('false')
    .describe('true adds the comment threads (json and docx).'),
});

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
    words: z
      .array(timedWordSchema)
      .optional()
      .describe(
        'Ignored: the server keeps the words of unchanged lines and times those of changed ones. Accepted so a line can be sent back as it was read.',
      ),
    speaker: z
      .string(invalidEdit)
      .optional()
      .describe(
        `Gives the line to this speaker (a name of 1-${SPEAKER_NAME_MAX_CHARACTERS} characters); without it the line keeps the speaker it had.`,
      ),
  },
  invalidEdit,
);

/** `PATCH /api/transcriptions/:id`: the edit the workbench sends. */
export const transcriptionPatchSchema = z
  .strictObject(
    {
      filename: z.string(invalidEdit).optional(),
      segments: z.array(editedSegment, invalidEdit).optional(),
      speakers: z
        .record(z.string(invalidEdit), z.string(invalidEdit), invalidEdit)
        .optional()
        .describe(
          'Renames speakers on every line of theirs: `{ "<current name>": "<new name>" }`, all at once (so two can swap names). Applied after `segments` when both are sent. A new name that another speaker already has merges the two.',
        ),
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
  .meta({ id: 'TranscriptionPatch' });
export type TranscriptionPatch = z.infer<typeof transcriptionPatchSchema>;

/**
 * The shape of an edit; what it may say (names, segments within the audio, the version) is
 * checked against the transcript by `parsePatch`. No body at all is an empty edit.
 */
export const transcriptionPatchBody = z.preprocess((body) => body ?? {}, transcriptionPatchSchema);

/** `GET /api/transcriptions/:id/original`: the machine's first transcript. */
export const originalTranscriptSchema = z
  .object({ text: z.string(), segments: z.array(transcriptSegmentSchema) })
  .meta({ id: 'OriginalTranscript' });
export type OriginalTranscriptDto = z.infer<typeof originalTranscriptSchema>;

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
