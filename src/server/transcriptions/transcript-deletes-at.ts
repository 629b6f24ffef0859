import { transcriptDeletesAt, transcriptKeptDays } from '../../core/retention.js';
import { findRetention } from '../accounts/retention.repository.js';
import type { Database } from '../db/database.js';
import { findTeamRetention } from '../teams/team-retention.repository.js';

/**
 * When retention deletes this transcript (its team's setting, or its owner's when it is in no
 * team, within RETENTION_MAX_DAYS), or null when it is kept (docs/decisions/0085).
 */
export async function findTranscriptDeletesAt(
  db: Database,
  maxDays: number | null,
  row: { userId: string; teamId: string | null; createdAt: Date },
): Promise<Date | null> {
  const { transcriptDays } = row.teamId
    ? await findTeamRetention(db, row.teamId)
    : await findRetention(db, row.userId);
  return transcriptDeletesAt(row.createdAt, transcriptKeptDays(transcriptDays, maxDays));
}
