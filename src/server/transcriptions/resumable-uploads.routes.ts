import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { apiErrorSchema, idParams } from '../../core/api/common.js';
import { MAX_UPLOAD_BYTES, planFor, type Plan } from '../../core/plans.js';
import type { SpeechCapabilities } from '../../core/speech-capabilities.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { findDefaultLanguage } from '../accounts/default-language.repository.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import { forDocumentationOnly } from '../http/documentation-only.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import type { UploadGate } from '../uploads/admit-upload.js';
import { admitResumableUpload } from '../uploads/resumable/admit-resumable-upload.js';
import { findResumableUpload } from '../uploads/resumable/resumable-upload.repository.js';
import { ResumableUploadStore } from '../uploads/resumable/resumable-upload-store.js';
import { UploadLeaseLocker } from '../uploads/resumable/upload-lease-locker.js';
import { readUploadMetadata } from '../uploads/resumable/upload-metadata.js';
import { finishResumableUpload } from './finish-resumable-upload.js';
import { assertMayUploadInto } from './move/team-rights.js';
import { readUploadForm } from './upload-form.js';

export const UPLOADS_PATH = '/api/uploads';
export const TRANSCRIPTION_ID_HEADER = 'X-Transcription-Id';

export interface ResumableUploadsRoutesOptions {
  database: DatabaseHandle;
  storage: ObjectStorage;
  queue: JobQueue;
  gate: UploadGate;
  speechCapabilities: () => Promise<SpeechCapabilities>;
}

/** Who sent a request tus is handling: tus's hooks see only the request. */
interface UploadRequester {
  userId: string;
  plan: Plan;
  /** The id chosen for an upload this request creates. */
  newUploadId?: string;
}

const UPLOAD_NOT_FOUND = 'This upload does not exist, or it expired.';

const documented = { tags: ['Uploads'], security: SESSION_OR_KEY_SECURITY };
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  422: apiErrorSchema,
};
const emptyAnswer = z.string().max(0).describe('Empty: the headers carry the answer.');
const tusHeaders = z.looseObject({
  'tus-resumable': z.string().optional().describe('Always `1.0.0`.'),
});

/**
 * Resumable uploads with the tus protocol (1.0: creation, creation-with-upload, termination,
 * expiration), for files that must survive a broken connection or a reload. tus needs the raw
 * request, so the routes authenticate and check ownership as every route does, then hand the raw
 * request to @tus/server (its documented Fastify integration). The finished upload becomes a
 * transcription on the same path as `POST /api/transcriptions`.
 */
export async function resumableUploadsRoutes(
  parent: FastifyInstance,
  options: ResumableUploadsRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, storage, queue, gate } = options;
  const { db } = database;
  const requesters = new WeakMap<IncomingMessage, UploadRequester>();
  const owners = new Map<string, string>();
  const requesterOf = (request: Request): UploadRequester => {
    const raw = (request as Request & { node?: { req?: IncomingMessage } }).node?.req;
    const requester = raw ? requesters.get(raw) : undefined;
    if (!requester) throw new Error('a tus request without its requester');
    return requester;
  };
  const readForm = (userId: string, fields: Record<string, string>) =>
    readUploadForm(fields, {
      defaultLanguage: () => findDefaultLanguage(db, userId),
      capabilities: options.speechCapabilities,
      assertMayUploadInto: (teamId) => assertMayUploadInto(db, userId, teamId),
    });

  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: new ResumableUploadStore({
      db,
      storage,
      workDir: gate.workDir,
      ownerOf: (id) => owners.get(id),
    }),
    locker: new UploadLeaseLocker(db),
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    exposedHeaders: [TRANSCRIPTION_ID_HEADER],
    namingFunction: (request) => {
      const id = requesterOf(request).newUploadId;
      if (!id) throw new Error('an upload created without an id');
      return id;
    },
    onUploadFinish: async (request, upload: Upload) => {
      const { userId, plan } = requesterOf(request);
      const transcriptionId = await finishResumableUpload(
        { database, storage, queue, gate },
        { uploadId: upload.id, userId, plan, readForm: (fields) => readForm(userId, fields) },
      );
      return { headers: { [TRANSCRIPTION_ID_HEADER]: transcriptionId } };
    },
    onResponseError: (_request, error) => {
      if (error instanceof AppError)
        return { status_code: error.statusCode, body: JSON.stringify({ message: error.message }) };
      if (error instanceof Error && !('status_code' in error)) parent.log.error({ err: error });
      return undefined;
    },
  });

  /** Hands the request to tus once its sender is known. */
  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    // tus answers on the raw response: the headers hooks have set so far (the security headers)
    // would otherwise be dropped with the hijacked reply.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  async function requesterFor(request: FastifyRequest): Promise<UploadRequester> {
    const user = authenticatedUser(request);
    const requester = { userId: user.id, plan: planFor(await isUserPaid(db, user.id)) };
    requesters.set(request.raw, requester);
    return requester;
  }

  async function assertOwnUpload(request: FastifyRequest, id: string): Promise<void> {
    const { userId } = await requesterFor(request);
    const row = await findResumableUpload(db, id);
    if (!row || row.userId !== userId) throw new AppError('not_found', UPLOAD_NOT_FOUND);
  }

  // tus reads the body itself, from the raw request.
  parent.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  app.post(
    UPLOADS_PATH,
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: 'Create a resumable upload (tus): checked against the plan before any byte',
        description:
          'tus 1.0 creation. Headers: `Tus-Resumable: 1.0.0`, `Upload-Length` (bytes; at most 100 MB and what the plan and storage leave), `Upload-Metadata` with `filename` and, as the upload form’s fields, `language`, `speakers`, `task`, `denoise`, `vocabulary`, `team` (base64 values). Answers 201 with `Location`; the body may already carry bytes (creation-with-upload). Refusals (month used up, file too large, storage full, a bad option) come here, before any byte is stored. Unfinished uploads expire 24 hours after creation.',
        headers: tusHeaders.extend({
          'upload-length': z.string().optional().describe('The file’s size in bytes.'),
          'upload-metadata': z
            .string()
            .optional()
            .describe('tus metadata: `filename` and options.'),
        }),
        response: { 201: emptyAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const requester = await requesterFor(request);
      const length = Number(request.headers['upload-length']);
      if (Number.isSafeInteger(length) && length >= 0) {
        const metadata = parseMetadataHeader(request.headers['upload-metadata']);
        const { fields } = readUploadMetadata(metadata);
        await readForm(requester.userId, fields);
        await admitResumableUpload(db, requester, length);
      }
      requester.newUploadId = randomUUID();
      owners.set(requester.newUploadId, requester.userId);
      try {
        await handOver(request, reply);
      } finally {
        owners.delete(requester.newUploadId);
      }
    },
  );

  const withId = {
    config: { auth: 'session-or-key' as const },
  };
  app.route({
    method: 'HEAD',
    url: `${UPLOADS_PATH}/:id`,
    ...withId,
    schema: {
      ...documented,
      summary: 'How much of a resumable upload the server has (tus: Upload-Offset)',
      params: idParams,
      headers: tusHeaders,
      response: { 200: emptyAnswer, ...errors },
    },
    handler: async (request, reply) => {
      await assertOwnUpload(request, request.params.id);
      await handOver(request, reply);
    },
  });
  app.patch(
    `${UPLOADS_PATH}/:id`,
    {
      ...withId,
      schema: {
        ...documented,
        summary: 'Send bytes of a resumable upload from Upload-Offset (tus)',
        description: `tus 1.0 PATCH with \`Content-Type: application/offset+octet-stream\` and \`Upload-Offset\`. A body cut off midway keeps what arrived: ask with HEAD and go on from there. The PATCH that completes the upload turns it into a transcription, checked against the plan again, and answers with \`${TRANSCRIPTION_ID_HEADER}\`; a refusal then (not audio, over a limit) drops the upload and says why.`,
        params: idParams,
        headers: tusHeaders.extend({
          'upload-offset': z.string().optional().describe('Where these bytes start.'),
        }),
        consumes: ['application/offset+octet-stream'],
        body: forDocumentationOnly(z.string().meta({ format: 'binary' })),
        response: { 204: emptyAnswer, ...errors },
      },
    },
    async (request, reply) => {
      await assertOwnUpload(request, request.params.id);
      await handOver(request, reply);
    },
  );
  app.delete(
    `${UPLOADS_PATH}/:id`,
    {
      ...withId,
      schema: {
        ...documented,
        summary: 'Abandon a resumable upload: its stored bytes are deleted (tus termination)',
        params: idParams,
        headers: tusHeaders,
        response: { 204: emptyAnswer, ...errors },
      },
    },
    async (request, reply) => {
      await assertOwnUpload(request, request.params.id);
      await handOver(request, reply);
    },
  );
}

/** `key base64,key base64`: only what the plan check needs; tus parses it again, strictly. */
function parseMetadataHeader(header: string | string[] | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (typeof header !== 'string') return metadata;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return metadata;
}
