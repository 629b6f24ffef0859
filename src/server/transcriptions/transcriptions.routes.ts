import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TranscriptionDto,
  type TranscriptionListItemDto,
  listQuerySchema,
  transcriptionIdParams,
  transcriptionListItemSchema,
  transcriptionSchema,
} from '../../core/api/transcriptions.js';
import { type UsageDto, usageSchema } from '../../core/api/usage.js';
import { planFor } from '../../core/plans.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { isUserPaid, isUserPaidCached } from '../billing/is-user-paid.js';
import type { PaidStateCache } from '../billing/paid-state-cache.js';
import type { DatabaseHandle } from '../db/database.js';

import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { createTranscriptionWithWebhook } from './create-transcription-with-webhook.js';
import { decodeCursor } from './library/list-cursor.js';
import { listTranscriptionsPage } from './library/list-transcriptions.js';
import type { LibraryReadCache } from './library/library-read-cache.js';
import type { LibraryChanges } from './library/library-changes.js';
import { accessTo, findAccessibleTranscription } from './accessible-transcription.js';
import { libraryKey, resolveLibrary } from '../team-access/library-scope.js';
import { transcriptionViewer } from './transcription-viewer.js';
import { moveRoute } from './move/move.route.js';
import { assertMayUploadInto } from './move/team-rights.js';
import { admitSignedInUpload, type UploadGate } from '../uploads/admit-upload.js';
import { receiveAudio } from '../uploads/receive-audio.js';
import { UploadReservations } from '../uploads/upload-reservations.js';
import { retranscribeRoutes } from './retranscribe.routes.js';
import { trashRoutes } from './trash/trash.routes.js';
import { bulkRoutes } from './bulk/bulk.routes.js';
import { sendAudio } from './send-audio.js';
import { findTranscriptDeletesAt } from './transcript-deletes-at.js';
import { toTranscriptionDto, toTranscriptionListItemDto } from './transcription-dto.js';
import { readUsage, utcMonth } from '../quota/usage.js';
import type { OriginOf } from '../http/request-origin.js';
import { transcriptionEventsRoutes } from './library/transcription-events.routes.js';
import type { SignedInStreams } from '../accounts/signed-in-streams.js';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import { DiskReservations } from '../storage/disk-reservations.js';
import type { TranscriptionSignals } from '../live/transcription-signals.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { recordTranscriptionPlay, recordTranscriptionView } from '../audit/transcription-reads.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import { fileResponseSchema, uploadFormSchema } from './transcription-schemas.js';
import { readUploadForm } from './upload-form.js';
import type { SpeechCapabilities } from '../../core/speech-capabilities.js';
import { findDefaultLanguage } from '../accounts/default-language.repository.js';
import type { OutboundPolicy } from '../outbound/outbound-policy.js';
import type { AnnounceTranscription } from '../webhooks/transcription-webhooks.js';
import { checkWebhookUrl } from '../webhooks/webhook-url.js';
import { uploadedTranscriptionSchema } from '../../core/api/webhooks.js';

export interface TranscriptionsRoutesOptions {
  /** RETENTION_MAX_DAYS, for the date a transcript is deleted. */
  retentionMaxDays: number | null;
  database: DatabaseHandle;
  /** Each user's plan from memory, for the usage poll. */
  paidStates: PaidStateCache;
  /** Each user's list pages and usage from memory, forgotten on every change to them. */
  libraryReads: LibraryReadCache;
  /** Wakes open streams when a user's library or team membership changes. */
  libraryChanges: LibraryChanges;
  storage: ObjectStorage;
  /** Where uploads are received before they are stored. */
  workDir: string;
  queue: JobQueue;
  /** Makes share links absolute. */
  /** Share links are absolute on the origin the owner uses (BASE_URL when set). */
  originOf: OriginOf;
  /** Each user's uploads in flight, held against the storage quota before a body is read. */
  uploads?: UploadReservations;
  /** Uploads are refused while the disk holding the temporary files has less free. */
  minFreeDiskBytes?: number;
  /** The work folder's disk as held by this process's uploads in flight (free trials too). */
  disk?: DiskReservations;
  /** What uploaded audio may demand when it is inspected. */
  audioLimits?: AudioInputLimits;
  /** Wakes event streams and running jobs when a transcription changes. */
  signals: TranscriptionSignals;
  /** Ends the event streams of a session or key that is no longer valid. */
  streams: SignedInStreams;
  /** What the engine serving new work can do: uploads it cannot serve are refused. */
  speechCapabilities: () => Promise<SpeechCapabilities>;
  /** Tells the owner's webhooks that a transcription was deleted. */
  announce?: AnnounceTranscription;
  /** Where links given for import, and webhook URLs, may point. */
  outbound: OutboundPolicy;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
/** The library: the web app's session or an API key (`Authorization: Bearer`). */
const library = { auth: 'session-or-key' as const };
/** A read that pages poll: 304 while unchanged. */
const polledRead = { ...library, etag: true };
const documented = { tags: ['Transcriptions'], security: SESSION_OR_KEY_SECURITY };

export async function transcriptionsRoutes(
  parent: FastifyInstance,
  options: TranscriptionsRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, storage, workDir, queue, originOf, signals } = options;
  const gate: UploadGate = {
    uploads: options.uploads ?? new UploadReservations(),
    disk: options.disk ?? new DiskReservations(workDir, options.minFreeDiskBytes ?? 0),
    workDir,
    audioLimits: options.audioLimits,
  };
  const { db } = database;
  const { retentionMaxDays } = options;
  await parent.register(retranscribeRoutes, { database, queue, originOf, retentionMaxDays });
  await parent.register(trashRoutes, {
    database,
    signals,
    ...(options.announce ? { announce: options.announce } : {}),
  });
  await parent.register(bulkRoutes, {
    database,
    signals,
    queue,
    ...(options.announce ? { announce: options.announce } : {}),
  });
  moveRoute(app, { database, signals, originOf, retentionMaxDays });
  await parent.register(transcriptionEventsRoutes, {
    db,
    signals,
    originOf,
    streams: options.streams,
    libraryChanges: options.libraryChanges,
    retentionMaxDays,
  });

  app.post(
    '/api/transcriptions',
    {
      config: library,
      schema: {
        ...documented,
        summary:
          'Upload audio, or import it from a link (`url`); answers at once (queued) with the new transcript',
        consumes: ['multipart/form-data'],
        body: uploadFormSchema,
        response: {
          201: uploadedTranscriptionSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const account = { userId: user.id, plan: planFor(await isUserPaid(db, user.id)) };
      const { row, webhook } = await receiveAudio(
        request,
        {
          ...gate,
          importLinks: options.outbound,
          admit: (admit) =>
            admitSignedInUpload(db, gate, request, account, {
              livePreviewMayPay: true,
              forLink: admit?.forLink,
            }),
          readForm: async (fields) => {
            const webhookUrl = fields.webhook_url;
            return {
              ...(await readUploadForm(fields, {
                defaultLanguage: () => findDefaultLanguage(db, user.id),
                capabilities: options.speechCapabilities,
                assertMayUploadInto: (teamId) => assertMayUploadInto(db, user.id, teamId),
              })),
              webhookUrl:
                webhookUrl === undefined
                  ? undefined
                  : checkWebhookUrl(options.outbound, webhookUrl),
            };
          },
        },
        (audio, { webhookUrl, ...form }) =>
          createTranscriptionWithWebhook(
            { database, storage, queue },
            { ...account, audio, ...form },
            webhookUrl,
          ),
      );
      return reply.status(201).send({
        ...toTranscriptionDto(
          row,
          originOf(request),
          await findTranscriptDeletesAt(db, retentionMaxDays, row),
          await transcriptionViewer(db, await accessTo(db, user.id, row, 'read'), row),
        ),
        ...(webhook ? { webhook } : {}),
      });
    },
  );

  // The spec's list, without segments, a page at a time; the next page's cursor is in headers.
  app.get(
    '/api/transcriptions',
    {
      config: polledRead,
      schema: {
        ...documented,
        summary:
          "List your transcripts, or a team's (`team`), newest first, a page at a time (next page: x-next-cursor)",
        querystring: listQuerySchema,
        response: { 200: z.array(transcriptionListItemSchema), ...errors },
      },
    },
    async (request, reply): Promise<TranscriptionListItemDto[]> => {
      const user = authenticatedUser(request);
      const { limit, sort, before, team } = request.query;
      const cursor = before === undefined ? undefined : decodeCursor(before, sort);
      // Membership is checked on every read, before the cache: a removed member reads nothing.
      const library = await resolveLibrary(db, user.id, team);
      const page = await options.libraryReads.read(
        user.id,
        `list ${libraryKey(library)} ${library.access} ${sort} ${limit} ${before ?? ''}`,
        async () => {
          const rows = await listTranscriptionsPage(db, library, { sort, limit, cursor });
          return {
            items: rows.items.map((row) => toTranscriptionListItemDto(row, library.access)),
            nextCursor: rows.nextCursor,
          };
        },
      );
      if (page.nextCursor !== null) {
        const next = new URLSearchParams({
          limit: String(limit),
          sort,
          before: page.nextCursor,
          ...(team === undefined ? {} : { team }),
        });
        reply
          .header('x-next-cursor', page.nextCursor)
          .header('link', `</api/transcriptions?${next.toString()}>; rel="next"`);
      }
      return page.items;
    },
  );

  app.get(
    '/api/transcriptions/:id',
    {
      config: polledRead,
      schema: {
        ...documented,
        summary: 'A transcript with its segments',
        params: transcriptionIdParams,
        response: { 200: transcriptionSchema, ...errors },
      },
    },
    async (request): Promise<TranscriptionDto> => {
      const user = authenticatedUser(request);
      const { row, access } = await findAccessibleTranscription(
        db,
        user.id,
        request.params.id,
        'read',
      );
      await recordTranscriptionView(db, user.id, row.id);
      return toTranscriptionDto(
        row,
        originOf(request),
        await findTranscriptDeletesAt(db, retentionMaxDays, row),
        await transcriptionViewer(db, access, row),
      );
    },
  );

  app.get(
    '/api/transcriptions/:id/audio',
    {
      config: library,
      schema: {
        ...documented,
        summary: 'The uploaded audio (byte ranges supported); 410 once retention deleted it',
        params: transcriptionIdParams,
        response: { 200: fileResponseSchema, 410: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'read');
      await recordTranscriptionPlay(db, user.id, row, request.headers.range);
      return sendAudio(request, reply, storage, row, 'private, max-age=3600');
    },
  );

  app.get(
    '/api/usage',
    {
      config: polledRead,
      schema: {
        tags: ['Account'],
        security: SESSION_OR_KEY_SECURITY,
        summary: 'Your plan, this month’s transcriptions and your storage',
        response: { 200: usageSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request): Promise<UsageDto> => {
      const user = authenticatedUser(request);
      const plan = planFor(await isUserPaidCached(db, options.paidStates, user.id));
      const now = new Date();
      const usage = await options.libraryReads.read(user.id, `usage ${utcMonth(now)}`, () =>
        readUsage(db, user.id, now),
      );
      return {
        ...usage,
        transcriptionLimit: plan.limits.transcriptionsPerMonth,
        storageLimit: plan.limits.storageBytes,
        plan: plan.id,
      };
    },
  );
}
