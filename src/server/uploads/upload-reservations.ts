import { MAX_UPLOAD_BYTES, type Plan } from '../../core/plans.js';
import { MESSAGES } from '../../core/messages.js';
import { AppError } from '../errors/app-error.js';
import { storageLimitMessage } from '../quota/quota-messages.js';

/** Uploads one user may stream at once; more would only fill the disk with temporary files. */
export const MAX_CONCURRENT_UPLOADS_PER_USER = 3;

/** Room for multipart boundaries and headers around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Another upload of the same user finishes within seconds. */
const UPLOADS_AT_ONCE_RETRY_SECONDS = 5;

export const BODY_LONGER_THAN_DECLARED = 'The upload is longer than its declared Content-Length.';

export function tooManyUploadsMessage(limit = MAX_CONCURRENT_UPLOADS_PER_USER): string {
  return `You already have ${limit} uploads in progress. Wait for one of them to finish, then try again.`;
}

export interface UploadReservation {
  /** The most bytes this upload may write: its declared size, at most what is left of the quota. */
  readonly maxBytes: number;
  /** What to tell the user whose upload ran past `maxBytes`. */
  exceeded(): AppError;
  release(): void;
}

export interface ReserveUploadInput {
  userId: string;
  plan: Plan;
  /** The user's audio already stored, in bytes. */
  storedBytes: number;
  /** The request's Content-Length; undefined for a chunked body. */
  declaredBytes: number | undefined;
}

/**
 * Holds each user's uploads in flight, so the storage quota is checked against what is stored
 * plus what is being received, before a body is read. Kept in this process's memory: the temp
 * files it protects are on this machine's disk, and a restart ends the uploads it counted.
 */
export class UploadReservations {
  private readonly inFlight = new Map<string, { count: number; bytes: number }>();

  constructor(private readonly maxConcurrentPerUser = MAX_CONCURRENT_UPLOADS_PER_USER) {}

  /** Reserves room for one upload or refuses it (429 for too many at once, 403 for no room). */
  reserve(input: ReserveUploadInput): UploadReservation {
    const current = this.inFlight.get(input.userId) ?? { count: 0, bytes: 0 };
    if (current.count >= this.maxConcurrentPerUser)
      throw new AppError('rate_limited', tooManyUploadsMessage(this.maxConcurrentPerUser), {
        retryAfterSeconds: UPLOADS_AT_ONCE_RETRY_SECONDS,
      });
    const left = input.plan.limits.storageBytes - input.storedBytes - current.bytes;
    const declared = input.declaredBytes;
    // The declared length includes the multipart framing, so a file that exactly fills the
    // quota still gets through; the file itself is then held to what is left.
    if (left <= 0 || (declared !== undefined && declared > left + MULTIPART_OVERHEAD_BYTES))
      throw new AppError('forbidden', storageLimitMessage(input.plan));
    const fileLimit = Math.min(input.plan.limits.maxFileBytes, MAX_UPLOAD_BYTES);
    const maxBytes = Math.min(declared ?? Infinity, left, fileLimit);
    const held = { count: current.count + 1, bytes: current.bytes + maxBytes };
    this.inFlight.set(input.userId, held);
    let released = false;
    return {
      maxBytes,
      exceeded: () => {
        if (maxBytes === fileLimit) return new AppError('payload_too_large', MESSAGES.fileTooLarge);
        if (maxBytes === left) return new AppError('forbidden', storageLimitMessage(input.plan));
        return new AppError('bad_request', BODY_LONGER_THAN_DECLARED);
      },
      release: () => {
        if (released) return;
        released = true;
        const now = this.inFlight.get(input.userId);
        if (!now) return;
        if (now.count <= 1) this.inFlight.delete(input.userId);
        else this.inFlight.set(input.userId, { count: now.count - 1, bytes: now.bytes - maxBytes });
      },
    };
  }

  /** Bytes reserved by a user's uploads in flight. */
  reservedBytes(userId: string): number {
    return this.inFlight.get(userId)?.bytes ?? 0;
  }
}
