import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import type { DiskReservations } from '../storage/disk-reservations.js';
import type { FreeTrialSlots } from './free-trial-slots.js';
import {
  assertUploadRequest,
  declaredLength,
  receiveUpload,
  tooLarge,
  type ReceivedUpload,
  type ReceiveUploadLimit,
} from '../uploads/receive-upload.js';
import { BODY_LONGER_THAN_DECLARED } from '../uploads/upload-reservations.js';

export interface FreeTrialGate {
  slots: FreeTrialSlots;
  /** Shared with signed-in uploads: the work folder's disk, held by every upload in flight. */
  disk: DiskReservations;
  workDir: string;
}

export interface ReceivedFreeTrial {
  upload: ReceivedUpload;
  /** Call once the trial is answered and its files removed. */
  release(): void;
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
 * has room for its whole body, all decided from the headers, then receives the file.
 */
export async function receiveFreeTrial(
  request: FastifyRequest,
  gate: FreeTrialGate,
): Promise<ReceivedFreeTrial> {
  assertUploadRequest(request);
  const releaseSlot = gate.slots.take(request.ip);
  let disk;
  try {
    const limit = trialLimit(declaredLength(request));
    disk = await gate.disk.reserve(limit.maxBytes);
    const upload = await receiveUpload(request, gate.workDir, { limit });
    const held = disk;
    return {
      upload,
      release: () => {
        held.release();
        releaseSlot();
      },
    };
  } catch (error) {
    disk?.release();
    releaseSlot();
    throw error;
  }
}
