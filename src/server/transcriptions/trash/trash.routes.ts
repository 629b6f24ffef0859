import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, okSchema } from '../../../core/api/common.js';
import {
  type TranscriptionDeletedDto,
  transcriptionDeletedSchema,
} from '../../../core/api/transcription-trash.js';
import { transcriptionIdParams } from '../../../core/api/transcriptions.js';
import { planFor } from '../../../core/plans.js';
import { authenticatedUser } from '../../accounts/authenticate.js';
import { isUserPaid } from '../../billing/is-user-paid.js';
import { AppError } from '../../errors/app-error.js';
import { SESSION_OR_KEY_SECURITY } from '../../http/api-schemas.js';
import { TRANSCRIPTION_NOT_FOUND } from '../owned-transcription.js';
import { type TrashDeps, trashTranscription, untrashTranscription } from './trash-transcription.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const documented = { tags: ['Transcriptions'], security: SESSION_OR_KEY_SECURITY };
const library = { auth: 'session-or-key' as const };

export type TrashRoutesOptions = TrashDeps;

/** Deleting a transcript, and undoing that for a short while (docs/decisions/0078). */
export async function trashRoutes(parent: FastifyInstance, options: TrashRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database } = options;

  app.delete(
    '/api/transcriptions/:id',
    {
      config: library,
      schema: {
        ...documented,
        summary:
          'Delete a transcript and its audio (gone at once everywhere, share links too; restorable for 30 s)',
        params: transcriptionIdParams,
        response: { 200: transcriptionDeletedSchema, ...errors },
      },
    },
    async (request): Promise<TranscriptionDeletedDto> => {
      const user = authenticatedUser(request);
      const deleted = await trashTranscription(options, user.id, request.params.id);
      if (!deleted) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
      return { ok: true, restorableUntil: deleted.restorableUntil.toISOString() };
    },
  );

  app.post(
    '/api/transcriptions/:id/restore',
    {
      config: library,
      schema: {
        ...documented,
        summary: 'Undo the deletion of a transcript deleted in the last 30 seconds',
        params: transcriptionIdParams,
        response: { 200: okSchema, 403: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const plan = planFor(await isUserPaid(database.db, user.id));
      await untrashTranscription(options, plan, user.id, request.params.id);
      return { ok: true as const };
    },
  );
}
