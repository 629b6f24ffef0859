import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParams } from '../../core/api/common.js';
import { zipExportCreatedSchema, zipExportSchema } from '../../core/api/zip-exports.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { DatabaseHandle } from '../db/database.js';
import { OPTIONAL_SESSION_SECURITY, SESSION_SECURITY } from '../http/api-schemas.js';
import type { OriginOf } from '../http/request-origin.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import {
  assertZipExportReady,
  findLiveZipExport,
  requestAccountExport,
  zipExportDto,
} from './request-zip-export.js';
import { sendZip } from './send-zip.js';
import { accountExportDownloadPath } from './zip-export-paths.js';
import { zipFileResponseSchema } from './zip-file-response.js';

export interface AccountExportRoutesOptions {
  database: DatabaseHandle;
  queue: JobQueue;
  storage: ObjectStorage;
  originOf: OriginOf;
}

const documented = { tags: ['Account'], security: SESSION_SECURITY };

/**
 * "Download all my data" (GDPR art. 20): the web app's session only, never an API key, since the
 * archive holds everything (docs/decisions/0081).
 */
export async function accountExportRoutes(
  parent: FastifyInstance,
  options: AccountExportRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, queue, storage, originOf } = options;
  const db = database.db;

  app.post(
    '/api/account/export',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Start a ZIP of all your data',
        description:
          'Account details, every transcript as JSON and TXT (as corrected, and the original), the audio, the vocabulary, the API keys’ names and prefixes (never their secrets) and the names of remembered voices. Emailed as a link when the server sends email. Kept 24 hours.',
        response: { 202: zipExportCreatedSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const created = await requestAccountExport({ database, queue }, user.id, originOf(request));
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/api/account/export/:id',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Where your data export is: pending, ready (with its url) or failed',
        params: idParams,
        response: { 200: zipExportSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const row = await findLiveZipExport(db, user.id, request.params.id, 'account');
      return zipExportDto(row, `${originOf(request)}${accountExportDownloadPath(row.id)}`);
    },
  );

  app.get(
    '/api/account/export/:id/download',
    {
      // The emailed link: opened signed out, it goes through sign-in and comes back here.
      config: { auth: 'optional-session' },
      schema: {
        tags: ['Account'],
        security: OPTIONAL_SESSION_SECURITY,
        summary: 'Download your data export (signed out: redirects to sign-in first)',
        params: idParams,
        response: {
          200: zipFileResponseSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.user || request.user.via !== 'session') {
        const here = accountExportDownloadPath(request.params.id);
        return reply.redirect(`/api/login?returnTo=${encodeURIComponent(here)}`, 302);
      }
      const row = await findLiveZipExport(db, request.user.id, request.params.id, 'account');
      assertZipExportReady(row);
      return sendZip(reply, storage, row);
    },
  );
}
