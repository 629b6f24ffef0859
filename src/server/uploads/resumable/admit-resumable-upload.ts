import { MESSAGES } from '../../../core/messages.js';
import { MAX_UPLOAD_BYTES, type Plan } from '../../../core/plans.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors/app-error.js';
import { monthlyLimitMessage, storageLimitMessage } from '../../quota/quota-messages.js';
import { readUsage } from '../../quota/usage.js';
import { pendingUploadBytes } from './resumable-upload.repository.js';

/**
 * A tus upload, decided from its declared `Upload-Length` before a byte is stored, in decision
 * 0071's order: empty, the file size, the storage left after what is stored and what the user's other
 * unfinished uploads declared. The same messages as `POST /api/transcriptions`; the finished
 * upload is checked again when it becomes a transcription.
 */
export async function admitResumableUpload(
  db: Database,
  account: { userId: string; plan: Plan },
  declaredBytes: number,
): Promise<void> {
  const { plan, userId } = account;
  const usage = await readUsage(db, userId, new Date());
  if (declaredBytes === 0) throw new AppError('bad_request', MESSAGES.emptyFile);
  if (declaredBytes > Math.min(plan.limits.maxFileBytes, MAX_UPLOAD_BYTES))
    throw new AppError('payload_too_large', MESSAGES.fileTooLarge);
  const held = usage.storageBytes + (await pendingUploadBytes(db, userId));
  if (held + declaredBytes > plan.limits.storageBytes)
    throw new AppError('forbidden', storageLimitMessage(plan));
  const monthly = plan.limits.transcriptionsPerMonth;
  if (monthly !== null && usage.transcriptionsThisMonth >= monthly)
    throw new AppError('forbidden', monthlyLimitMessage(plan));
}
