import { segmentsWithWords } from '../speech/engines/segment-words.js';
import { perAddressRateLimit } from '../http/per-address-rate-limit.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ShareLinkDto,
  type SharedTranscriptDto,
  sharedTranscriptSchema,
  shareLinkSchema,
  shareTokenParams,
} from '../../core/api/sharing.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { TRANSCRIPTION_NOT_FOUND } from './owned-transcription.js';
import { findAccessibleTranscription } from './accessible-transcription.js';
import { sendAudio } from './send-audio.js';
import { findSharedTranscription, revokeShare, shareTranscription } from './share-links.js';
import { shareLinkFor } from './transcription-dto.js';
import type { OriginOf } from '../http/request-origin.js';
import { ANONYMOUS_SECURITY, SESSION_SECURITY } from '../http/api-schemas.js';
import { apiErrorSchema, okSchema } from '../../core/api/common.js';
import { fileResponseSchema } from './transcription-schemas.js';
import { transcriptionIdParams } from '../../core/api/transcriptions.js';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const owner = { tags: ['Sharing'], security: SESSION_SECURITY };
const anyoneWithTheLink = { tags: ['Sharing'], security: ANONYMOUS_SECURITY };

export interface ShareRoutesOptions {
  db: Database;
  storage: ObjectStorage;
  /** Share links are absolute on the origin the owner uses (BASE_URL when set). */
  originOf: OriginOf;
  /** Public reads per minute and client address. */
  sharedReadsPerMinute: number;
  sharedAudioRequestsPerMinute: number;
}

export const NOT_SHAREABLE = 'Only a completed transcript can be shared.';
export const SHARED_NOT_FOUND = 'This shared link does not exist or was turned off.';

function publicHeaders(reply: FastifyReply) {
  return reply.header('x-robots-tag', 'noindex').header('cache-control', 'private, no-store');
}

/** Read-only links: the owner turns them on and off; anyone with the token reads and listens. */
export async function shareRoutes(parent: FastifyInstance, options: ShareRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, storage, originOf } = options;

  app.post(
    '/api/transcriptions/:id/share',
    {
      config: { auth: 'session' },
      schema: {
        ...owner,
        summary: 'Turn on a read-only link to a completed transcript',
        params: transcriptionIdParams,
        response: { 200: shareLinkSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request): Promise<ShareLinkDto> => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'share');
      if (row.status !== 'completed') throw new AppError('conflict', NOT_SHAREABLE);
      const token = await shareTranscription(db, row.userId, row.id, user.id);
      if (!token) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
      return shareLinkFor(originOf(request), token);
    },
  );

  app.delete(
    '/api/transcriptions/:id/share',
    {
      config: { auth: 'session' },
      schema: {
        ...owner,
        summary: 'Turn the read-only link off',
        params: transcriptionIdParams,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'share');
      await revokeShare(db, row.userId, row.id, user.id);
      return { ok: true as const };
    },
  );

  async function sharedTranscription(token: string) {
    const row = await findSharedTranscription(db, token);
    if (!row) throw new AppError('not_found', SHARED_NOT_FOUND);
    return row;
  }

  app.get(
    '/api/shared/:token',
    {
      config: { rateLimit: perAddressRateLimit(options.sharedReadsPerMinute, '1 minute') },
      schema: {
        ...anyoneWithTheLink,
        summary: 'A shared transcript (no owner name or email)',
        params: shareTokenParams,
        response: { 200: sharedTranscriptSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply): Promise<SharedTranscriptDto> => {
      publicHeaders(reply);
      const row = await sharedTranscription(request.params.token);
      return {
        filename: row.filename,
        text: row.text,
        segments: segmentsWithWords(row.segments),
        durationInSeconds: row.durationInSeconds,
        language: row.language,
        task: row.task,
      };
    },
  );

  app.get(
    '/api/shared/:token/audio',
    {
      config: { rateLimit: perAddressRateLimit(options.sharedAudioRequestsPerMinute, '1 minute') },
      schema: {
        ...anyoneWithTheLink,
        summary: 'A shared transcript’s audio (byte ranges supported)',
        params: shareTokenParams,
        response: {
          200: fileResponseSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      publicHeaders(reply);
      const row = await sharedTranscription(request.params.token);
      return sendAudio(request, reply, storage, row, 'private, no-store');
    },
  );
}
