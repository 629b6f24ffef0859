import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { ObjectStorage } from '../storage/object-storage.js';
import { teams, transcriptions, user } from '../db/schema.js';
import { type TrashDeps, trashTranscription } from '../transcriptions/trash/trash-transcription.js';
import { recordTranscriptionEvent } from '../audit/record-transcription-event.js';
import { deleteEvent } from '../audit/transcription-events.js';

export interface RetentionDeps extends TrashDeps {
  storage: ObjectStorage;
  /** RETENTION_MAX_DAYS, or null. */
  maxDays: number | null;
}

/** Rows handled per query, so a first run over years of uploads stays a series of small ones. */
const BATCH = 100;

const t = transcriptions;

/**
 * The setting a transcription follows: its team's when it is in one, its uploader's otherwise
 * (docs/decisions/0085, 0087). Queries join `user` on the uploader and `teams` on the team.
 */
const transcriptDays = sql`(CASE WHEN ${t.teamId} IS NULL THEN ${user.retentionTranscriptDays} ELSE ${teams.retentionTranscriptDays} END)`;
const audioDays = sql`(CASE WHEN ${t.teamId} IS NULL THEN ${user.retentionAudioDays} ELSE ${teams.retentionAudioDays} END)`;

/**
 * Deletes what the owners' and teams' retention settings (and the operator's cap) say is due:
 * transcripts through the same path as "Delete" (share links stop at once, running work stops,
 * webhooks are sent, the purge removes row and audio 30 s later), then recordings whose text is
 * kept. Answers how many of each.
 */
export async function applyRetention(
  deps: RetentionDeps,
  now: Date = new Date(),
): Promise<{ transcripts: number; recordings: number }> {
  const { db } = deps.database;
  // LEAST skips nulls: the owner's days, the cap's, the smaller of both, or none (kept).
  const keptDays = sql`least(${transcriptDays}, ${deps.maxDays}::integer)`;
  let transcripts = 0;
  for (;;) {
    const due = await db
      .select({ id: t.id, userId: t.userId })
      .from(t)
      .innerJoin(user, eq(user.id, t.userId))
      .leftJoin(teams, eq(teams.id, t.teamId))
      .where(
        and(
          isNull(t.deletedAt),
          sql`${keptDays} is not null`,
          sql`${t.createdAt} <= ${now.toISOString()}::timestamptz - make_interval(days => ${keptDays})`,
        ),
      )
      .limit(BATCH);
    if (due.length === 0) break;
    for (const row of due) {
      if (await trashTranscription(deps, row.userId, row.id, now, null)) transcripts += 1;
    }
  }

  let recordings = 0;
  for (;;) {
    const due = await db
      .select({ id: t.id, userId: t.userId, teamId: t.teamId, audioKey: t.audioKey })
      .from(t)
      .innerJoin(user, eq(user.id, t.userId))
      .leftJoin(teams, eq(teams.id, t.teamId))
      .where(
        and(
          isNull(t.deletedAt),
          isNull(t.audioDeletedAt),
          // A job still reading the audio keeps it until it ends.
          notInArray(t.status, ['queued', 'processing']),
          sql`${audioDays} is not null`,
          sql`${t.createdAt} <= ${now.toISOString()}::timestamptz - make_interval(days => ${audioDays})`,
        ),
      )
      .limit(BATCH);
    if (due.length === 0) break;
    for (const row of due) {
      // The object first: a failure leaves the row to try again, never a row pointing at nothing
      // that still says it has audio.
      await deps.storage.delete(row.audioKey);
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .update(t)
          .set({ audioDeletedAt: now, updatedAt: now })
          .where(and(eq(t.id, row.id), isNull(t.audioDeletedAt)))
          .returning({ id: t.id });
        if (deleted) await recordTranscriptionEvent(tx, deleteEvent(null, row.id, 'recording'));
      });
      await deps.signals.notify({
        transcriptionId: row.id,
        userId: row.userId,
        teamId: row.teamId,
      });
      recordings += 1;
    }
  }
  return { transcripts, recordings };
}
