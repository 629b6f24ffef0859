import { eq } from 'drizzle-orm';
import type { RetentionBody } from '../../core/api/retention.js';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';

/** The account's retention choices; both null (keep) when it made none. */
export async function findRetention(db: Database, userId: string): Promise<RetentionBody> {
  const rows = await db
    .select({ audioDays: user.retentionAudioDays, transcriptDays: user.retentionTranscriptDays })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return rows[0] ?? { audioDays: null, transcriptDays: null };
}

export async function saveRetention(
  db: Database,
  userId: string,
  retention: RetentionBody,
): Promise<void> {
  await db
    .update(user)
    .set({
      retentionAudioDays: retention.audioDays,
      retentionTranscriptDays: retention.transcriptDays,
    })
    .where(eq(user.id, userId));
}
