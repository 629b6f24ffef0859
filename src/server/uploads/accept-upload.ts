import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Plan } from '../../core/plans.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import type { DiskReservations } from '../storage/disk-reservations.js';
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
  /** The work folder's disk, held by every upload in flight (free trials included). */
  disk: DiskReservations;
  workDir: string;
  /** What the audio may demand when it is inspected. */
  audioLimits?: AudioInputLimits;
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
  let diskReservation;
  try {
    // Cheap checks first, so nobody sends 100 MB only to be told it cannot be kept.
    const usage = await readUsage(db, userId);
    const limit = plan.limits.transcriptionsPerMonth;
    if (limit !== null && usage.transcriptionsThisMonth >= limit)
      throw new AppError('forbidden', monthlyLimitMessage(plan));
    assertUploadRequest(request, fileField);
    const quota = gate.uploads.reserve({
      userId,
      plan,
      storedBytes: usage.storageBytes,
      declaredBytes: declaredLength(request),
    });
    // The most this upload may write, so the uploads in flight cannot fill the disk together.
    diskReservation = await gate.disk.reserve(quota.maxBytes).catch((error: unknown) => {
      quota.release();
      throw error;
    });
    reservation = quota;
  } catch (error) {
    // The refusal goes out at once; its connection then closes behind it (close-after-early-answer).
    // Too many uploads at once: another one finishes within seconds.
    if (error instanceof AppError && error.code === 'rate_limited')
      reply.header('retry-after', String(UPLOADS_AT_ONCE_RETRY_SECONDS));
    throw error;
  }
  const release = () => {
    reservation.release();
    diskReservation.release();
  };
  try {
    const upload = await receiveUpload(request, gate.workDir, { limit: reservation, fileField });
    return { upload, release };
  } catch (error) {
    release();
    throw error;
  }
}
