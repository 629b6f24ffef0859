import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkIdsBody, bulkResultSchema, MAX_BULK_IDS } from '../../../core/api/bulk-actions.js';
import { apiErrorSchema } from '../../../core/api/common.js';
import { authenticatedUser } from '../../accounts/authenticate.js';
import { SESSION_OR_KEY_SECURITY, SESSION_SECURITY } from '../../http/api-schemas.js';
import {
  type BulkDeps,
  bulkDeleteTranscriptions,
  bulkRestoreTranscriptions,
  bulkRetranscribeTranscriptions,
} from './bulk-library-actions.js';

const response = { 200: bulkResultSchema, 400: apiErrorSchema, 401: apiErrorSchema };
const each = `Up to ${MAX_BULK_IDS} ids; each is done or refused on its own, with the single action’s reason.`;

/** Delete, undo and transcribe again for many transcripts at once (docs/decisions/0086). */
export async function bulkRoutes(parent: FastifyInstance, options: BulkDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/transcriptions/bulk-delete',
    {
      config: { auth: 'session-or-key' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_OR_KEY_SECURITY,
        summary: 'Delete many transcripts (each restorable for 30 s, as a single delete)',
        description: each,
        body: bulkIdsBody,
        response,
      },
    },
    (request) => bulkDeleteTranscriptions(options, authenticatedUser(request).id, request.body.ids),
  );

  app.post(
    '/api/transcriptions/bulk-restore',
    {
      config: { auth: 'session-or-key' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_OR_KEY_SECURITY,
        summary: 'Undo the deletion of many transcripts deleted in the last 30 seconds',
        description: each,
        body: bulkIdsBody,
        response,
      },
    },
    (request) =>
      bulkRestoreTranscriptions(options, authenticatedUser(request).id, request.body.ids),
  );

  app.post(
    '/api/transcriptions/bulk-retranscribe',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_SECURITY,
        summary:
          'Transcribe many finished transcripts again (each counted, corrections kept in History)',
        description: each,
        body: bulkIdsBody,
        response,
      },
    },
    (request) =>
      bulkRetranscribeTranscriptions(options, authenticatedUser(request).id, request.body.ids),
  );
}
