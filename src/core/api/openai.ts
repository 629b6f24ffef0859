import { z } from 'zod';
import { openAiPromptSchema } from './vocabulary.js';
import { speakersFieldSchema } from './speakers-field.js';

/**
 * `/v1`: OpenAI's audio API, as its SDKs send and read it. The fields of the multipart form are
 * checked by the handler once the file is on disk; the form itself is described on the server.
 */

export const RESPONSE_FORMATS = [
  'json',
  'text',
  'srt',
  'vtt',
  'verbose_json',
  'diarized_json',
] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

export const openAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      param: z.string().nullable(),
      code: z.string().nullable(),
    }),
  })
  .meta({ id: 'OpenAiError' });

export const modelListSchema = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      id: z.string(),
      object: z.literal('model'),
      created: z.number().int(),
      owned_by: z.string(),
    }),
  ),
});

export const TIMESTAMP_GRANULARITIES = ['segment', 'word'] as const;

/** The fields OpenAI's form takes; the handler reads them after the file is on disk. */
export const transcriptionFieldsSchema = z.object({
  model: z.string({ error: 'model is required.' }).min(1, { error: 'model is required.' }),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]+)?$/, {
      error: 'language must be an ISO 639-1 code such as "en".',
    })
    .optional()
    .describe('ISO 639-1 code of the language spoken (`de`); unset: detected.'),
  prompt: openAiPromptSchema,
  response_format: z
    .enum(RESPONSE_FORMATS, {
      error: `response_format must be one of ${RESPONSE_FORMATS.join(', ')}.`,
    })
    .default('json'),
  temperature: z.coerce
    .number({ error: 'temperature must be a number from 0 to 1.' })
    .min(0, { error: 'temperature must be a number from 0 to 1.' })
    .max(1, { error: 'temperature must be a number from 0 to 1.' })
    .default(0),
  'timestamp_granularities[]': z
    .string()
    .transform((value) => value.split(','))
    .pipe(
      z.array(
        z.enum(TIMESTAMP_GRANULARITIES, {
          error: 'timestamp_granularities[] takes segment or word.',
        }),
      ),
    )
    .optional()
    .describe(
      'With `word` (and `response_format=verbose_json`), the answer carries `words`: every word with its start and end.',
    ),
  speakers: speakersFieldSchema,
});
export type TranscriptionFields = z.infer<typeof transcriptionFieldsSchema>;

export const TRANSLATION_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;

/** `/v1/audio/translations`: OpenAI's form, English text from any language. */
export const translationFieldsSchema = z.object({
  model: transcriptionFieldsSchema.shape.model,
  prompt: openAiPromptSchema,
  response_format: z
    .enum(TRANSLATION_FORMATS, {
      error: `response_format must be one of ${TRANSLATION_FORMATS.join(', ')}.`,
    })
    .default('json'),
  temperature: transcriptionFieldsSchema.shape.temperature,
});
export type TranslationFields = z.infer<typeof translationFieldsSchema>;

const usageSchema = z.object({ type: z.literal('duration'), seconds: z.number() });

const modelUsedSchema = z
  .string()
  .describe(
    'The engine that really made the text (`whisper/base.en`, `pocketsphinx/cmusphinx-en-us`), whatever `model` asked for; also in the header X-Sonoscript-Engine.',
  );

export const transcriptionJsonSchema = z
  .object({ text: z.string(), model: modelUsedSchema, usage: usageSchema })
  .meta({ id: 'TranscriptionJson' });

export const transcriptionVerboseSchema = z
  .object({
    task: z.enum(['transcribe', 'translate']),
    model: modelUsedSchema,
    language: z
      .string()
      .describe(
        'The language of the text, by name (`german`): for a translation `english`, as OpenAI answers; the language spoken is in the header X-Sonoscript-Source-Language.',
      ),
    duration: z.number(),
    text: z.string(),
    words: z
      .array(z.object({ word: z.string(), start: z.number(), end: z.number() }))
      .optional()
      .describe('Every word with its times, when `timestamp_granularities[]` asked for `word`.'),
    segments: z.array(
      z.object({
        id: z.number().int(),
        seek: z.number(),
        start: z.number(),
        end: z.number(),
        text: z.string(),
        tokens: z.array(z.number()),
        temperature: z.number(),
        speaker: z
          .string()
          .describe('Who speaks: `Speaker 1`, `Speaker 2`, … or the name given in the library.'),
      }),
    ),
    usage: usageSchema,
  })
  .meta({ id: 'TranscriptionVerboseJson' });

/** OpenAI's `TranscriptionDiarized`, as `gpt-4o-transcribe-diarize` answers `diarized_json`. */
export const transcriptionDiarizedSchema = z
  .object({
    task: z.literal('transcribe'),
    model: modelUsedSchema,
    duration: z.number(),
    text: z.string(),
    segments: z.array(
      z.object({
        type: z.literal('transcript.text.segment'),
        id: z.string().describe('`seg_0`, `seg_1`, … in the order of the segments.'),
        start: z.number(),
        end: z.number(),
        text: z.string(),
        speaker: z
          .string()
          .describe(
            'Who speaks: `Speaker 1`, `Speaker 2`, … in order of first appearance, or the name given in the library (OpenAI labels them `A`, `B`, …).',
          ),
      }),
    ),
    usage: usageSchema,
  })
  .meta({ id: 'TranscriptionDiarizedJson' });

export const transcriptionAnswerSchema = z
  .union([
    transcriptionVerboseSchema,
    transcriptionDiarizedSchema,
    transcriptionJsonSchema,
    z.string(),
  ])
  .describe(
    'JSON for json, verbose_json and diarized_json; plain text for text, srt and vtt (text/plain). ' +
      'Header X-Sonoscript-Truncated: true when the plan transcribed only the first 30 seconds.',
  );
