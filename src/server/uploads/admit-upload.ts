import type { FastifyRequest } from 'fastify';
import type { Plan } from '../../core/plans.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { monthlyLimitMessage } from '../quota/quota-messages.js';
import { hasUnclaimedLivePreviewCharge } from '../quota/live-preview-charges.js';
import { readUsage, utcMonth } from '../quota/usage.js';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import type { DiskReservations } from '../storage/disk-reservations.js';
import { declaredLength, type ReceiveUploadLimit } from './receive-upload.js';
import type { UploadReservations } from './upload-reservations.js';

/** What every upload path shares: this process's work folder and its uploads in flight. */
export interface UploadGate {
  uploads: UploadReservations;
  /** The work folder's disk, held by every upload in flight (free trials included). */
  disk: DiskReservations;
  workDir: string;
  /** What the audio may demand when it is inspected. */
  audioLimits?: AudioInputLimits;
}

/** An upload let in: how large its file may be, and its hold on the plan and the disk. */
export interface Admission {
  limit: ReceiveUploadLimit;
  /** Gives back what the upload held; called once, when the upload is stored or dropped. */
  release(): void;
}

/**
 * A signed-in upload, decided from the headers alone: the month's count, the storage left, the
 * uploads at once and the free disk. The web app and the developer API both come through here, so
 * the same rules hold for both; nobody sends 100 MB only to be told it cannot be kept.
 */
export async function admitSignedInUpload(
  db: Database,
  gate: UploadGate,
  request: FastifyRequest,
  account: { userId: string; plan: Plan },
  options: { livePreviewMayPay?: boolean; forLink?: boolean } = {},
): Promise<Admission> {
  const { plan, userId } = account;
  const now = new Date();
  const usage = await readUsage(db, userId, now);
  const limit = plan.limits.transcriptionsPerMonth;
  if (
    limit !== null &&
    usage.transcriptionsThisMonth >= limit &&
    // A recording whose counted preview is still unclaimed may pay with it (decision 0072);
    // its form, read after the headers, says which, and the transaction decides.
    !(options.livePreviewMayPay && (await hasUnclaimedLivePreviewCharge(db, userId, utcMonth(now))))
  )
    throw new AppError('forbidden', monthlyLimitMessage(plan));
  const quota = gate.uploads.reserve({
    userId,
    plan,
    storedBytes: usage.storageBytes,
    // A link's file has no length known yet: the form's own is not the file's.
    declaredBytes: options.forLink ? undefined : declaredLength(request),
  });
  // The most this upload may write, so the uploads in flight cannot fill the disk together.
  const disk = await gate.disk.reserve(quota.maxBytes).catch((error: unknown) => {
    quota.release();
    throw error;
  });
  return {
    limit: quota,
    release: () => {
      quota.release();
      disk.release();
    },
  };
}
