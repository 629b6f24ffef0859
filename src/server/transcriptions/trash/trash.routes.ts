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
import type { DatabaseHandle } from '../../db/database.js';
import { AppError } from '../../errors/app-error.js';
import { SESSION_OR_KEY_SECURITY } from '../../http/api-schemas.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import type { AnnounceTranscription } from '../../webhooks/transcription-webhooks.js';
import { TRANSCRIPTION_NOT_FOUND } from '../owned-transcription.js';
import { deleteTranscription } from './delete-transcription.js';
import { restoreDeletedTranscription } from './restore-deleted-transcription.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const documented = { tags: ['Transcriptions'], security: SESSION_OR_KEY_SECURITY };
const library = { auth: 'session-or-key' as const };

export interface TrashRoutesOptions {
  database: DatabaseHandle;
  /** Wakes a running job (it stops) and open event streams (they hear the deletion). */
  signals: TranscriptionSignals;
  /** Webhooks: `transcription.deleted` is sent when the user deletes, not when the row is purged. */
  announce?: AnnounceTranscription;
}

/** Deleting a transcript, and undoing that for a short while (docs/decisions/0078). */
export async function trashRoutes(parent: FastifyInstance, options: TrashRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, signals } = options;

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
      const deleted = await deleteTranscription(database.db, user.id, request.params.id);
      if (!deleted) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
      await signals.notify({ transcriptionId: request.params.id, userId: user.id });
      await options.announce?.({ id: request.params.id, userId: user.id }, 'transcription.deleted');
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
      await restoreDeletedTranscription(database, plan, user.id, request.params.id);
      await signals.notify({ transcriptionId: request.params.id, userId: user.id });
      return { ok: true as const };
    },
  );
}
