import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import type { DiskReservations } from '../storage/disk-reservations.js';
import type { Admission } from '../uploads/admit-upload.js';
import { declaredLength, tooLarge, type ReceiveUploadLimit } from '../uploads/receive-upload.js';
import { BODY_LONGER_THAN_DECLARED } from '../uploads/upload-reservations.js';
import type { FreeTrialSlots } from './free-trial-slots.js';

export interface FreeTrialGate {
  slots: FreeTrialSlots;
  /** Shared with signed-in uploads: the work folder's disk, held by every upload in flight. */
  disk: DiskReservations;
  workDir: string;
}

/** The file may be no longer than the body declared, which is what was reserved on the disk. */
function trialLimit(declared: number | undefined): ReceiveUploadLimit {
  if (declared === undefined || declared >= MAX_UPLOAD_BYTES)
    return { maxBytes: MAX_UPLOAD_BYTES, exceeded: tooLarge };
  return {
    maxBytes: declared,
    exceeded: () => new AppError('bad_request', BODY_LONGER_THAN_DECLARED),
  };
}

/**
 * Lets an anonymous trial in only while its address and the server have a slot free and the disk
 * has room for its whole body, all decided from the headers.
 */
export async function admitFreeTrial(
  request: FastifyRequest,
  gate: FreeTrialGate,
): Promise<Admission> {
  const releaseSlot = gate.slots.take(request.ip);
  try {
    const limit = trialLimit(declaredLength(request));
    const disk = await gate.disk.reserve(limit.maxBytes);
    return {
      limit,
      release: () => {
        disk.release();
        releaseSlot();
      },
    };
  } catch (error) {
    releaseSlot();
    throw error;
  }
}
