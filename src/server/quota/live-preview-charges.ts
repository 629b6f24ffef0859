import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { livePreviewCharges } from '../db/schema.js';
import type { ExecuteSql } from '../db/raw-transaction.js';

/**
 * The link between a free live preview, counted as one of the month's transcriptions when it
 * was admitted, and the recording it previewed: the recording's upload claims the preview's
 * charge once instead of being counted again (docs/decisions/0072).
 */

/** Remembers a counted preview; in the transaction that counts it. */
export async function recordLivePreviewCharge(
  executeSql: ExecuteSql,
  charge: { previewId: string; userId: string; month: string },
): Promise<void> {
  await executeSql('INSERT INTO live_preview_charges (id, user_id, month) VALUES ($1, $2, $3)', [
    charge.previewId,
    charge.userId,
    charge.month,
  ]);
}

/**
 * Claims the user's unclaimed preview of `month` for `transcriptionId`; false for an unknown,
 * someone else's, already claimed or another month's preview. Run under the user's quota lock,
 * in the transaction that writes the transcription: the `claimed_at IS NULL` condition lets one
 * upload claim it, however many try.
 */
export async function claimLivePreviewCharge(
  executeSql: ExecuteSql,
  claim: { previewId: string; userId: string; month: string; transcriptionId: string },
): Promise<boolean> {
  const { rows } = await executeSql(
    `UPDATE live_preview_charges SET transcription_id = $4, claimed_at = now()
      WHERE id = $1 AND user_id = $2 AND month = $3 AND claimed_at IS NULL
      RETURNING id`,
    [claim.previewId, claim.userId, claim.month, claim.transcriptionId],
  );
  return rows.length > 0;
}

/**
 * Whether the user has a preview of `month` still to claim: an upload at the month's limit is
 * then let in to be decided under the lock, where naming that preview pays for it.
 */
export async function hasUnclaimedLivePreviewCharge(
  db: Database,
  userId: string,
  month: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: livePreviewCharges.id })
    .from(livePreviewCharges)
    .where(
      and(
        eq(livePreviewCharges.userId, userId),
        eq(livePreviewCharges.month, month),
        isNull(livePreviewCharges.claimedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
