import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planFor } from '../../core/plans.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { SpeechEngineStatus } from '../speech/speech-engine-supervisor.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { createTranscription } from '../transcriptions/create-transcription.js';
import { admitSignedInUpload, type UploadGate } from '../uploads/admit-upload.js';
import { receiveAudio } from '../uploads/receive-audio.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';
import {
  type AudioFormContext,
  readTranscriptionForm,
  readTranslationForm,
} from './transcription-form.js';
import type { ResponseFormat } from '../../core/api/openai.js';
import { AUTO_LANGUAGE, type SpeechTask } from '../../core/languages.js';
import { languageNameOfCode } from '../speech/engines/language-codes.js';
import { speechCapabilities } from '../speech/speech-capabilities.js';
import { acceptedModels, engineUsed, listedModels } from './offered-models.js';
import { OpenAiError, registerOpenAiErrorHandler } from './openai-error.js';
import {
  modelListSchema,
  openAiErrorSchema,
  transcriptionAnswerSchema,
} from '../../core/api/openai.js';
import { transcriptionFormSchema, translationFormSchema } from './openai-schemas.js';
import { speakersRequested } from '../../core/api/speakers-field.js';
import { quotaRetryAfterSeconds } from './quota-retry.js';
import { capRequestsInFlight } from './requests-in-flight.js';
import { transcriptionAnswer } from './transcription-response.js';
import { waitForTranscription } from './wait-for-transcription.js';

export interface V1RoutesOptions {
  database: DatabaseHandle;
  storage: ObjectStorage;
  queue: JobQueue;
  /** Shared with the web app's uploads: the same limits per user and process. */
  gate: UploadGate;
  engineStatus: () => Promise<SpeechEngineStatus>;
  /** Transcription requests one account may have open at once (API_REQUESTS_IN_FLIGHT). */
  requestsInFlightPerAccount: number;
}

const errors = {
  400: openAiErrorSchema,
  401: openAiErrorSchema,
  404: openAiErrorSchema,
  409: openAiErrorSchema,
  413: openAiErrorSchema,
  429: openAiErrorSchema,
};

export const CANCELLED_IN_THE_WEB_APP =
  'This transcription was cancelled in the web app before it finished; send the file again to transcribe it.';

/** The quota refusals of the web app (403) become OpenAI's 429 `insufficient_quota`. */
function asQuotaError(error: unknown, now: Date): unknown {
  if (!(error instanceof AppError) || error.code !== 'forbidden') return error;
  return new OpenAiError(
    'rate_limited',
    error.message,
    'insufficient_quota',
    'insufficient_quota',
    {
      retryAfterSeconds: quotaRetryAfterSeconds(now),
    },
  );
}

/** What both audio routes read of their forms. */
interface AudioForm {
  response_format: ResponseFormat;
  temperature: number;
  /** Words to listen for, parsed from OpenAI's `prompt`. */
  prompt?: string[];
  language?: string;
  speakers?: string;
}

/** A transcription that ended otherwise than completed is answered as OpenAI answers errors. */
function finished(row: TranscriptionRow): TranscriptionRow {
  if (row.status === 'cancelled') {
    throw new OpenAiError(
      'conflict',
      CANCELLED_IN_THE_WEB_APP,
      'invalid_request_error',
      'transcription_cancelled',
    );
  }
  if (row.status === 'failed') {
    throw new OpenAiError(
      'unprocessable',
      row.error ?? 'The transcription failed.',
      'invalid_request_error',
      'transcription_failed',
    );
  }
  return row;
}

/** OpenAI's audio API: any tool written for it works by changing its base URL and key. */
export async function v1Routes(parent: FastifyInstance, options: V1RoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, storage, queue } = options;
  const { db } = database;
  const startedAt = Math.floor(Date.now() / 1000);
  registerOpenAiErrorHandler(app);
  const inFlight = capRequestsInFlight(options.requestsInFlightPerAccount);

  app.get(
    '/v1/models',
    {
      config: { auth: 'session-or-key' },
      schema: {
        tags: ['OpenAI-compatible'],
        summary: 'The models /v1/audio/transcriptions accepts',
        security: [{ apiKey: [] }],
        response: { 200: modelListSchema, 401: openAiErrorSchema, 429: openAiErrorSchema },
      },
    },
    async () => ({
      object: 'list' as const,
      data: listedModels(await options.engineStatus()).map((id) => ({
        id,
        object: 'model' as const,
        created: startedAt,
        owned_by: 'sonoscript',
      })),
    }),
  );

  /** Receives the file, makes the transcription, waits for it and answers in OpenAI's shape. */
  const answerAudioRequest = async <Form extends AudioForm>(
    request: FastifyRequest,
    reply: FastifyReply,
    readForm: (fields: Record<string, string>, context: AudioFormContext) => Form,
    task: SpeechTask,
  ) => {
    const user = authenticatedUser(request);
    const account = { userId: user.id, plan: planFor(await isUserPaid(db, user.id)) };
    const status = await options.engineStatus();
    const context = {
      offeredModels: acceptedModels(status),
      capabilities: speechCapabilities(status),
    };
    const { created, form } = await receiveAudio(
      request,
      {
        ...options.gate,
        fileField: 'file',
        admit: () => admitSignedInUpload(db, options.gate, request, account),
        readForm: (fields) => readForm(fields, context),
      },
      async (audio, form) => ({
        created: await createTranscription(
          { database, storage, queue },
          {
            ...account,
            audio,
            speakersRequested: form.speakers ? speakersRequested(form.speakers) : null,
            language: form.language ?? AUTO_LANGUAGE,
            task,
            vocabulary: form.prompt,
          },
        ),
        form,
      }),
    ).catch((error: unknown) => {
      throw asQuotaError(error, new Date());
    });
    const done = await waitForTranscription(db, request, user.id, created.id);
    if (!done) return reply;
    // OpenAI's translations take no granularities; its transcriptions may ask for words.
    const granularities: readonly string[] =
      'timestamp_granularities[]' in form && Array.isArray(form['timestamp_granularities[]'])
        ? form['timestamp_granularities[]']
        : [];
    const answer = transcriptionAnswer(
      finished(done),
      form.response_format,
      form.temperature,
      granularities,
    );
    if (done.isTruncated) reply.header('x-sonoscript-truncated', 'true');
    if (done.language)
      reply.header('x-sonoscript-source-language', languageNameOfCode(done.language));
    reply.header('x-sonoscript-transcription-id', done.id);
    const engine = engineUsed(done);
    if (engine) reply.header('x-sonoscript-engine', engine);
    return reply.type(answer.contentType).send(answer.body);
  };

  const waits = `The request stays open until the transcript is done; the OpenAI SDKs wait 10 minutes by default, so raise their \`timeout\` for long files. Every transcript made here is also in the library. One account has at most ${options.requestsInFlightPerAccount} of these requests open at once, whichever keys they use; another is answered 429 with \`Retry-After\`, which the SDKs honour for a file they hold in memory (\`toFile\`) but not for a stream. A transcription cancelled or deleted in the web app meanwhile is answered at once: 409 or 404. A language or a translation the server's engine cannot serve is answered 422 with the reason.`;

  app.post(
    '/v1/audio/transcriptions',
    {
      config: { auth: 'session-or-key' },
      onRequest: inFlight.onRequest,
      onSend: inFlight.onSend,
      schema: {
        tags: ['OpenAI-compatible'],
        summary: 'Transcribe an audio file (answers when the transcript is done)',
        description: `OpenAI’s form and answers; \`language\` names the language spoken (unset: detected). ${waits}`,
        security: [{ apiKey: [] }],
        consumes: ['multipart/form-data'],
        body: transcriptionFormSchema,
        response: { 200: transcriptionAnswerSchema, ...errors, 500: openAiErrorSchema },
      },
    },
    (request, reply) => answerAudioRequest(request, reply, readTranscriptionForm, 'transcribe'),
  );

  app.post(
    '/v1/audio/translations',
    {
      config: { auth: 'session-or-key' },
      onRequest: inFlight.onRequest,
      onSend: inFlight.onSend,
      schema: {
        tags: ['OpenAI-compatible'],
        summary: 'Translate speech in any language into English text (answers when done)',
        description: `OpenAI’s form and answers (json, text, srt, vtt, verbose_json). The language spoken is detected, stored with the transcript and sent in the header X-Sonoscript-Source-Language. ${waits}`,
        security: [{ apiKey: [] }],
        consumes: ['multipart/form-data'],
        body: translationFormSchema,
        response: { 200: transcriptionAnswerSchema, ...errors, 500: openAiErrorSchema },
      },
    },
    (request, reply) => answerAudioRequest(request, reply, readTranslationForm, 'translate'),
  );
}
