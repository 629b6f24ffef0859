import { eq } from 'drizzle-orm';
import type { RetentionBody } from '../../core/api/retention.js';
import type { Database } from '../db/database.js';
import { teams } from '../db/schema.js';

/** The team's retention choices; both null (keep) when its admins made none. */
export async function findTeamRetention(db: Database, teamId: string): Promise<RetentionBody> {
  const rows = await db
    .select({ audioDays: teams.retentionAudioDays, transcriptDays: teams.retentionTranscriptDays })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  return rows[0] ?? { audioDays: null, transcriptDays: null };
}

export async function saveTeamRetention(
  db: Database,
  teamId: string,
  retention: RetentionBody,
): Promise<void> {
  await db
    .update(teams)
    .set({
      retentionAudioDays: retention.audioDays,
      retentionTranscriptDays: retention.transcriptDays,
    })
    .where(eq(teams.id, teamId));
}
