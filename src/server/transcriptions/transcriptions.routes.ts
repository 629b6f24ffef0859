import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TranscriptionDto, UsageDto } from '../../core/api-types.js';
import { planFor } from '../../core/plans.js';
import type { Auth } from '../accounts/auth.js';
import { requireSessionUser } from '../accounts/current-user.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { parseByteRange } from '../http/byte-range.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { audioContentType } from './audio-content-type.js';
import { attachmentDisposition, transcriptFilename } from './content-disposition.js';
import { createTranscription } from './create-transcription.js';
import { monthlyLimitMessage } from './quota-messages.js';
import { receiveUpload } from './receive-upload.js';
import { retranscribeRoutes } from './retranscribe.routes.js';
import { toTranscriptionDto } from './transcription-dto.js';
import {
  deleteTranscriptionForUser,
  findTranscriptionForUser,
  listTranscriptionsForUser,
  readUsage,
} from './transcription.repository.js';

export interface TranscriptionsRoutesOptions {
  auth: Auth;
  database: DatabaseHandle;
  storage: ObjectStorage;
  queue: JobQueue;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const NOT_FOUND = 'Transcription not found';

export async function transcriptionsRoutes(
  app: FastifyInstance,
  options: TranscriptionsRoutesOptions,
) {
  const { auth, database, storage, queue } = options;
  const { db } = database;
  await app.register(retranscribeRoutes, { auth, database, queue });

  async function ownedTranscription(userId: string, params: unknown) {
    const parsed = idParams.safeParse(params);
    const row = parsed.success
      ? await findTranscriptionForUser(db, userId, parsed.data.id)
      : undefined;
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return row;
  }

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
    return reply.status(201).send(toTranscriptionDto(row));
  });

  app.get('/api/transcriptions', async (request): Promise<TranscriptionDto[]> => {
    const user = await requireSessionUser(auth, request);
    return (await listTranscriptionsForUser(db, user.id)).map(toTranscriptionDto);
  });

  app.get('/api/transcriptions/:id', async (request): Promise<TranscriptionDto> => {
    const user = await requireSessionUser(auth, request);
    return toTranscriptionDto(await ownedTranscription(user.id, request.params));
  });

  app.delete('/api/transcriptions/:id', async (request) => {
    const user = await requireSessionUser(auth, request);
    const { id } = await ownedTranscription(user.id, request.params);
    const deleted = await deleteTranscriptionForUser(db, user.id, id);
    if (!deleted) throw new AppError('not_found', NOT_FOUND);
    await storage.delete(deleted.audioKey);
    return { ok: true };
  });

  app.get('/api/download/:id', async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const row = await ownedTranscription(user.id, request.params);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', attachmentDisposition(transcriptFilename(row.filename)))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(row.text);
  });

  app.get('/api/transcriptions/:id/audio', async (request, reply) => {
    const user = await requireSessionUser(auth, request);
    const row = await ownedTranscription(user.id, request.params);
    const size = await storage.size(row.audioKey);
    const range = parseByteRange(request.headers.range, size);
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', audioContentType(row.audioFormat))
      .header('cache-control', 'private, max-age=3600');
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(storage.read(row.audioKey, range));
    }
    return reply.header('content-length', size).send(storage.read(row.audioKey));
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
