import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { transcriptions } from '../db/schema.js';
import { transcriptionColumns } from './transcription.repository.js';
import { recordTranscriptionEvent } from '../audit/record-transcription-event.js';
import { shareLinkEvent } from '../audit/transcription-events.js';

/** 192 random bits, base64url: 32 characters nobody can guess. */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** The link's token: the existing one, or a new one set only if none was set meanwhile. */
/** `actorId` is who asks, for the audit trail: the uploader, or a member of its team. */
export async function shareTranscription(
  db: Database,
  userId: string,
  id: string,
  actorId: string = userId,
) {
  const owned = and(
    eq(transcriptions.id, id),
    eq(transcriptions.userId, userId),
    isNull(transcriptions.deletedAt),
  );
  await db.transaction(async (tx) => {
    const [created] = await tx
      .update(transcriptions)
      .set({ shareToken: newShareToken() })
      .where(and(owned, isNull(transcriptions.shareToken)))
      .returning({ id: transcriptions.id });
    if (created) await recordTranscriptionEvent(tx, shareLinkEvent(actorId, id, 'created'));
  });
  const [row] = await db
    .select({ shareToken: transcriptions.shareToken })
    .from(transcriptions)
    .where(owned);
  return row?.shareToken ?? undefined;
}

export async function revokeShare(
  db: Database,
  userId: string,
  id: string,
  actorId: string = userId,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(transcriptions)
      .set({ shareToken: null })
      .where(
        and(
          eq(transcriptions.id, id),
          eq(transcriptions.userId, userId),
          isNotNull(transcriptions.shareToken),
        ),
      )
      .returning({ id: transcriptions.id });
    if (revoked) await recordTranscriptionEvent(tx, shareLinkEvent(actorId, id, 'revoked'));
  });
}

/** The completed transcript behind a live link, or undefined for unknown and revoked tokens. */
export async function findSharedTranscription(db: Database, token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .select(transcriptionColumns)
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.shareToken, token),
        eq(transcriptions.status, 'completed'),
        // A deleted transcript's link stops at once, even while its owner may still undo.
        isNull(transcriptions.deletedAt),
      ),
    );
  return row;
}
