import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rm } from 'node:fs/promises';
import { planFor } from '../../core/plans.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { SpeechEngineStatus } from '../speech/speech-engine-supervisor.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { createTranscription } from '../transcriptions/create-transcription.js';
import { acceptUpload, type UploadGate } from '../uploads/accept-upload.js';
import { offeredModels } from './offered-models.js';
import { OpenAiError, registerOpenAiErrorHandler } from './openai-error.js';
import {
  modelListSchema,
  openAiErrorSchema,
  transcriptionAnswerSchema,
  transcriptionFieldsSchema,
} from '../../core/api/openai.js';
import { transcriptionFormSchema } from './openai-schemas.js';
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
function asQuotaError(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'forbidden') return error;
  return new OpenAiError('rate_limited', error.message, 'insufficient_quota', 'insufficient_quota');
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
      data: offeredModels(await options.engineStatus()).map((id) => ({
        id,
        object: 'model' as const,
        created: startedAt,
        owned_by: 'sonoscript',
      })),
    }),
  );

  app.post(
    '/v1/audio/transcriptions',
    {
      config: { auth: 'session-or-key' },
      onRequest: inFlight.onRequest,
      onSend: inFlight.onSend,
      schema: {
        tags: ['OpenAI-compatible'],
        summary: 'Transcribe an audio file (answers when the transcript is done)',
        description: `OpenAI’s form and answers. The request stays open until the transcript is done; the OpenAI SDKs wait 10 minutes by default, so raise their \`timeout\` for long files. Every transcript made here is also in the library. One account has at most ${options.requestsInFlightPerAccount} of these requests open at once, whichever keys they use; another is answered 429 with \`Retry-After\`, which the SDKs honour for a file they hold in memory (\`toFile\`) but not for a stream. A transcription cancelled or deleted in the web app meanwhile is answered at once: 409 or 404.`,
        security: [{ apiKey: [] }],
        consumes: ['multipart/form-data'],
        body: transcriptionFormSchema,
        response: { 200: transcriptionAnswerSchema, ...errors, 500: openAiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const now = new Date();
      const isPaid = await isUserPaid(db, user.id);
      const plan = planFor(isPaid);
      let accepted;
      try {
        accepted = await acceptUpload(db, options.gate, request, reply, {
          userId: user.id,
          plan,
          fileField: 'file',
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'forbidden')
          reply.header('retry-after', quotaRetryAfterSeconds(now));
        throw asQuotaError(error);
      }
      const { upload } = accepted;
      const fields = transcriptionFieldsSchema.safeParse(upload.fields);
      if (!fields.success) {
        await rm(upload.tempPath, { force: true });
        accepted.release();
        throw new AppError('bad_request', fields.error.issues[0]?.message ?? 'Invalid form.');
      }
      const offered = offeredModels(await options.engineStatus());
      if (!offered.includes(fields.data.model)) {
        await rm(upload.tempPath, { force: true });
        accepted.release();
        throw new OpenAiError(
          'bad_request',
          `The model "${fields.data.model}" does not exist on this server; use one of ${offered.join(', ')}.`,
          'invalid_request_error',
          'model_not_found',
        );
      }
      let created;
      try {
        created = await createTranscription(
          { database, storage, queue, audioLimits: options.gate.audioLimits },
          { userId: user.id, isPaid, upload },
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'forbidden')
          reply.header('retry-after', quotaRetryAfterSeconds(now));
        throw asQuotaError(error);
      } finally {
        accepted.release();
      }
      const done = await waitForTranscription(db, request, user.id, created.id);
      if (!done) return reply;
      if (done.status === 'cancelled') {
        throw new OpenAiError(
          'conflict',
          CANCELLED_IN_THE_WEB_APP,
          'invalid_request_error',
          'transcription_cancelled',
        );
      }
      if (done.status === 'failed') {
        throw new OpenAiError(
          'unprocessable',
          done.error ?? 'The transcription failed.',
          'invalid_request_error',
          'transcription_failed',
        );
      }
      const answer = transcriptionAnswer(
        done,
        fields.data.response_format,
        fields.data.temperature,
      );
      if (done.isTruncated) reply.header('x-sonoscript-truncated', 'true');
      reply.header('x-sonoscript-transcription-id', done.id);
      return reply.type(answer.contentType).send(answer.body);
    },
  );
}
