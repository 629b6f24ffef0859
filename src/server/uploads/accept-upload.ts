import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Plan } from '../../core/plans.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { assertDiskHasRoom } from '../storage/free-disk.js';
import { monthlyLimitMessage } from '../quota/quota-messages.js';
import {
  assertUploadRequest,
  declaredLength,
  receiveUpload,
  type ReceivedUpload,
} from './receive-upload.js';
import { readUsage } from '../quota/usage.js';
import type { UploadReservations } from './upload-reservations.js';

const UPLOADS_AT_ONCE_RETRY_SECONDS = 5;

/** What every upload path shares: this process's work folder and its uploads in flight. */
export interface UploadGate {
  uploads: UploadReservations;
  workDir: string;
  minFreeDiskBytes: number;
}

export interface AcceptedUpload {
  upload: ReceivedUpload;
  /** Call once the row is stored (or the upload dropped): its bytes then count in one place. */
  release(): void;
}

/**
 * The plan's checks from the headers alone (month, storage left, uploads at once, free disk),
 * then the body, written no further than what is left. The web app and the developer API both
 * come through here, so the same rules hold for both.
 */
export async function acceptUpload(
  db: Database,
  gate: UploadGate,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: string; plan: Plan; fileField?: string },
): Promise<AcceptedUpload> {
  const { plan, userId, fileField } = input;
  let reservation;
  try {
    // Cheap checks first, so nobody sends 100 MB only to be told it cannot be kept.
    const usage = await readUsage(db, userId);
    const limit = plan.limits.transcriptionsPerMonth;
    if (limit !== null && usage.transcriptionsThisMonth >= limit)
      throw new AppError('forbidden', monthlyLimitMessage(plan));
    assertUploadRequest(request, fileField);
    await assertDiskHasRoom(gate.workDir, gate.minFreeDiskBytes);
    reservation = gate.uploads.reserve({
      userId,
      plan,
      storedBytes: usage.storageBytes,
      declaredBytes: declaredLength(request),
    });
  } catch (error) {
    // The refusal goes out at once; its connection then closes behind it (close-after-early-answer).
    // Too many uploads at once: another one finishes within seconds.
    if (error instanceof AppError && error.code === 'rate_limited')
      reply.header('retry-after', String(UPLOADS_AT_ONCE_RETRY_SECONDS));
    throw error;
  }
  try {
    const upload = await receiveUpload(request, gate.workDir, { limit: reservation, fileField });
    return { upload, release: () => reservation.release() };
  } catch (error) {
    reservation.release();
    throw error;
  }
}
