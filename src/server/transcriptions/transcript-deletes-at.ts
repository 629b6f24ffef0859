import { transcriptDeletesAt, transcriptKeptDays } from '../../core/retention.js';
import { findRetention } from '../accounts/retention.repository.js';
import type { Database } from '../db/database.js';

/**
 * When retention deletes this transcript (its owner's setting within RETENTION_MAX_DAYS), or
 * null when it is kept (docs/decisions/0085).
 */
export async function findTranscriptDeletesAt(
  db: Database,
  maxDays: number | null,
  row: { userId: string; createdAt: Date },
): Promise<Date | null> {
  const { transcriptDays } = await findRetention(db, row.userId);
  return transcriptDeletesAt(row.createdAt, transcriptKeptDays(transcriptDays, maxDays));
}
