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
import {
  findAccessibleTranscription,
  findAccessibleTranscriptionWithDeleted,
} from '../accessible-transcription.js';
import { NOT_RESTORABLE } from './restore-deleted-transcription.js';
import { AppError } from '../../errors/app-error.js';
import { SESSION_OR_KEY_SECURITY } from '../../http/api-schemas.js';
import { TRANSCRIPTION_NOT_FOUND } from '../owned-transcription.js';
import { type TrashDeps, trashTranscription, untrashTranscription } from './trash-transcription.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
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
      const { row } = await findAccessibleTranscription(
        database.db,
        user.id,
        request.params.id,
        'manageTranscriptions',
      );
      const deleted = await trashTranscription(options, row.userId, row.id, new Date(), user.id);
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
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscriptionWithDeleted(
        database.db,
        user.id,
        request.params.id,
        'manageTranscriptions',
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found')
          throw new AppError('not_found', NOT_RESTORABLE);
        throw error;
      });
      // The uploader's storage holds it again, so the uploader's plan decides.
      const plan = planFor(await isUserPaid(database.db, row.userId));
      await untrashTranscription(options, plan, row.userId, row.id, user.id);
      return { ok: true as const };
    },
  );
}
