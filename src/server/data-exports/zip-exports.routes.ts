import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParams } from '../../core/api/common.js';
import {
  createZipExportBody,
  MAX_EXPORT_IDS,
  zipExportCreatedSchema,
  zipExportSchema,
} from '../../core/api/zip-exports.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { DatabaseHandle } from '../db/database.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { OriginOf } from '../http/request-origin.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import {
  assertZipExportReady,
  findLiveZipExport,
  requestTranscriptsExport,
  zipExportDto,
} from './request-zip-export.js';
import { sendZip } from './send-zip.js';
import { zipFileResponseSchema } from './zip-file-response.js';
import { transcriptsExportDownloadPath } from './zip-export-paths.js';

export interface ZipExportsRoutesOptions {
  database: DatabaseHandle;
  queue: JobQueue;
  storage: ObjectStorage;
  originOf: OriginOf;
}

const documented = { tags: ['Transcriptions'], security: SESSION_OR_KEY_SECURITY };

/** Many transcripts as one ZIP, built in the background (docs/decisions/0081). */
export async function zipExportsRoutes(parent: FastifyInstance, options: ZipExportsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, queue, storage, originOf } = options;
  const db = database.db;

  app.post(
    '/api/exports',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: `Start a ZIP of up to ${MAX_EXPORT_IDS} transcripts in one format`,
        description:
          'Answers at once with the export’s id; `GET /api/exports/{id}` says when it is ready. Inside: one file per transcript, named like its single download (repeats numbered). Kept 24 hours.',
        body: createZipExportBody,
        response: {
          202: zipExportCreatedSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const created = await requestTranscriptsExport(
        { database, queue },
        user.id,
        request.body,
        originOf(request),
      );
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/api/exports/:id',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: 'Where a ZIP export is: pending, ready (with its url) or failed',
        params: idParams,
        response: { 200: zipExportSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const row = await findLiveZipExport(db, user.id, request.params.id, 'transcripts');
      return zipExportDto(row, `${originOf(request)}${transcriptsExportDownloadPath(row.id)}`);
    },
  );

  app.get(
    '/api/exports/:id/download',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: 'Download a ready ZIP export',
        params: idParams,
        response: {
          200: zipFileResponseSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const row = await findLiveZipExport(db, user.id, request.params.id, 'transcripts');
      assertZipExportReady(row);
      return sendZip(reply, storage, row);
    },
  );
}
