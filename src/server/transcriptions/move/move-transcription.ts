import { eq } from 'drizzle-orm';
import { teamRoleCan } from '../../../core/teams/team-permissions.js';
import { recordAuditEvent } from '../../audit/record-audit-event.js';
import type { Database } from '../../db/database.js';
import { transcriptions, user } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import { findTeamRole } from '../../team-access/team-membership.js';
import { accessTo, roleRefusal } from '../accessible-transcription.js';
import { TRANSCRIPTION_NOT_FOUND } from '../owned-transcription.js';
import { findTranscriptionById, type TranscriptionRow } from '../transcription.repository.js';
import { assertMayUploadInto } from './team-rights.js';

export const ONLY_UPLOADER_MOVES_IN = 'Only its uploader can move a transcription into a team.';

/**
 * `POST /api/transcriptions/:id/move` (docs/decisions/0087, "The team library"): the uploader
 * moves their own transcription into a team they may upload into, and out of one while they
 * still may upload there; a team's admin or owner gives one back to its uploader. The row and
 * its audit event are written together; a move to where it already is changes nothing.
 */
export async function moveTranscription(
  deps: { db: Database; signals: TranscriptionSignals },
  actorId: string,
  id: string,
  to: string | null,
): Promise<TranscriptionRow> {
  const { db } = deps;
  const row = await findTranscriptionById(db, id);
  if (!row) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  await accessTo(db, actorId, row, 'read');
  const from = row.teamId;
  if (from === to) return row;
  if (from !== null) await assertMayTakeOut(db, actorId, row, from);
  if (to !== null) {
    if (row.userId !== actorId) throw new AppError('forbidden', ONLY_UPLOADER_MOVES_IN);
    await assertMayUploadInto(db, actorId, to);
  }
  const [actor] = await db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, actorId))
    .limit(1);
  const moved = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(transcriptions)
      .set({ teamId: to, updatedAt: new Date() })
      .where(eq(transcriptions.id, row.id))
      .returning({ id: transcriptions.id });
    if (!updated) return false;
    await recordAuditEvent(tx, {
      action: 'transcription.move',
      actor: { id: actorId, email: actor?.email ?? '' },
      teamId: to ?? from,
      transcription: { id: row.id, filename: row.filename },
      detail: { from, to },
    });
    return true;
  });
  if (!moved) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  // Both libraries' open streams hear it: it left one and arrived in the other.
  for (const teamId of new Set([from, to]))
    await deps.signals.notify({ transcriptionId: row.id, userId: row.userId, teamId });
  const after = await findTranscriptionById(db, row.id);
  if (!after) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  return after;
}

/** Out of a team: its admins and owner, or the uploader while they may still upload there. */
async function assertMayTakeOut(
  db: Database,
  actorId: string,
  row: TranscriptionRow,
  teamId: string,
): Promise<void> {
  const role = await findTeamRole(db, teamId, actorId);
  if (!role) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  if (teamRoleCan(role, 'manageTranscriptions')) return;
  if (row.userId === actorId && teamRoleCan(role, 'upload')) return;
  throw new AppError('forbidden', roleRefusal(role));
}
