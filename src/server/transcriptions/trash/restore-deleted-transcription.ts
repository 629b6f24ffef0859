import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Plan } from '../../../core/plans.js';
import type { DatabaseHandle } from '../../db/database.js';
import { withRawTransaction } from '../../db/raw-transaction.js';
import { transcriptions } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { assertStorageQuota, lockUserQuota } from '../../quota/monthly-quota.js';
import { RESTORABLE_SECONDS } from './trash-window.js';
import { recordTranscriptionEventIn } from '../../audit/record-transcription-event.js';
import { restoreEvent } from '../../audit/transcription-events.js';

export const NOT_RESTORABLE = 'This transcript was not deleted just now, so it cannot be restored.';

/**
 * Undoes a deletion while the transcript is still restorable. Its audio counts against the
 * uploader's (`userId`) storage again, so a restore that would not fit (the space was used
 * meanwhile) is refused. `actorId` is who undoes it, for the audit trail.
 */
export async function restoreDeletedTranscription(
  database: DatabaseHandle,
  plan: Plan,
  userId: string,
  id: string,
  actorId: string = userId,
): Promise<{ teamId: string | null }> {
  const { db } = database;
  const restorable = and(
    eq(transcriptions.id, id),
    eq(transcriptions.userId, userId),
    isNotNull(transcriptions.deletedAt),
    gt(transcriptions.deletedAt, sql`now() - make_interval(secs => ${RESTORABLE_SECONDS})`),
  );
  const find = db
    .select({ fileSize: transcriptions.fileSize })
    .from(transcriptions)
    .where(restorable)
    .toSQL();
  const restore = db
    .update(transcriptions)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(restorable)
    .returning({ teamId: transcriptions.teamId })
    .toSQL();
  return withRawTransaction(database, async (executeSql) => {
    await lockUserQuota(executeSql, userId);
    const { rows } = await executeSql(find.sql, find.params);
    const found = rows[0] as { file_size: number | string } | undefined;
    if (!found) throw new AppError('not_found', NOT_RESTORABLE);
    await assertStorageQuota(executeSql, db, plan, userId, Number(found.file_size));
    const restored = await executeSql(restore.sql, restore.params);
    const [row] = restored.rows as { team_id: string | null }[];
    if (!row) throw new AppError('not_found', NOT_RESTORABLE);
    await recordTranscriptionEventIn(executeSql, restoreEvent(actorId, id));
    return { teamId: row.team_id };
  });
}
