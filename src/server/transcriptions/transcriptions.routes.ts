import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TranscriptionDto, TranscriptionListItemDto, UsageDto } from '../../core/api-types.js';
import { planFor } from '../../core/plans.js';
import type { Auth } from '../accounts/auth.js';
import { requireSessionUser } from '../accounts/current-user.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { createTranscription } from './create-transcription.js';
import { decodeCursor, LIST_SORTS } from './list-cursor.js';
import { listTranscriptionsPage } from './list-transcriptions.js';
import { findOwnedTranscription, TRANSCRIPTION_NOT_FOUND } from './owned-transcription.js';
import { monthlyLimitMessage } from './quota-messages.js';
import { receiveUpload } from './receive-upload.js';
import { sendAudio } from './send-audio.js';
import { toTranscriptionDto, toTranscriptionListItemDto } from './transcription-dto.js';
import { deleteTranscriptionForUser, readUsage } from './transcription.repository.js';

export interface TranscriptionsRoutesOptions {
  auth: Auth;
  database: DatabaseHandle;
  storage: ObjectStorage;
  queue: JobQueue;
  /** Makes share links absolute. */
  baseUrl: string;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

const listQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .max(MAX_PAGE_SIZE, { error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .enum(LIST_SORTS, { error: `sort must be one of ${LIST_SORTS.join(', ')}.` })
    .default('newest'),
  before: z.string().min(1).max(500).optional(),
});

export async function transcriptionsRoutes(
  app: FastifyInstance,
  options: TranscriptionsRoutesOptions,
) {
  const { auth, database, storage, queue, baseUrl } = options;
  const { db } = database;
  const ownedTranscription = (userId: string, params: unknown) =>
    findOwnedTranscription(db, userId, params);

  app.post('/api/transcriptions', async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const isPaid = await isUserPaid(db, user.id);
    const plan = planFor(isPaid);
    // Cheap check first, so nobody sends 100 MB only to be told the month is used up.
    const limit = plan.limits.transcriptionsPerMonth;
    if (limit !== null && (await readUsage(db, user.id)).transcriptionsThisMonth >= limit) {
      reply.header('connection', 'close');
      throw new AppError('forbidden', monthlyLimitMessage(plan));
    }
    let upload;
    try {
      upload = await receiveUpload(request, storage.tempDir);
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
    const row = await createTranscription(
      { database, storage, queue },
      { userId: user.id, isPaid, upload },
    );
    return reply.status(201).send(toTranscriptionDto(row, baseUrl));
  });

  // The spec's list, without segments, a page at a time; the next page's cursor is in headers.
  app.get('/api/transcriptions', async (request, reply): Promise<TranscriptionListItemDto[]> => {
    const user = await requireSessionUser(auth, request);
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success) {
      throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid list query.');
    }
    const { limit, sort, before } = parsed.data;
    const cursor = before === undefined ? undefined : decodeCursor(before, sort);
    const page = await listTranscriptionsPage(db, user.id, { sort, limit, cursor });
    if (page.nextCursor !== null) {
      const next = new URLSearchParams({
        limit: String(limit),
        sort,
        before: page.nextCursor,
      });
      reply
        .header('x-next-cursor', page.nextCursor)
        .header('link', `</api/transcriptions?${next.toString()}>; rel="next"`);
    }
    return page.items.map(toTranscriptionListItemDto);
  });

  app.get('/api/transcriptions/:id', async (request): Promise<TranscriptionDto> => {
    const user = await requireSessionUser(auth, request);
    return toTranscriptionDto(await ownedTranscription(user.id, request.params), baseUrl);
  });

  app.delete('/api/transcriptions/:id', async (request) => {
    const user = await requireSessionUser(auth, request);
    const { id } = await ownedTranscription(user.id, request.params);
    const deleted = await deleteTranscriptionForUser(db, user.id, id);
    if (!deleted) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
    await storage.delete(deleted.audioKey);
    return { ok: true };
  });

  app.get('/api/transcriptions/:id/audio', async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const row = await ownedTranscription(user.id, request.params);
    return sendAudio(request, reply, storage, row, 'private, max-age=3600');
  });

  app.get('/api/usage', async (request): Promise<UsageDto> => {
    const user = await requireSessionUser(auth, request);
    const plan = planFor(await isUserPaid(db, user.id));
    const usage = await readUsage(db, user.id);
    return {
      ...usage,
      transcriptionLimit: plan.limits.transcriptionsPerMonth,
      storageLimit: plan.limits.storageBytes,
      plan: plan.id,
    };
  });
}
