import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AuditAction } from '../../core/api/team-values.js';
import type { Database } from '../db/database.js';
import type { ExecuteSql } from '../db/raw-transaction.js';

export interface TranscriptionAuditEvent {
  action: AuditAction;
  /** Who did it (their email is read from their account); null for the system. */
  actorId: string | null;
  transcriptionIds: readonly string[];
  detail?: Record<string, string | number | null>;
  /**
   * Leaves the event out when the same actor already has one of this action on the
   * transcription this recently: a page that polls is one view, not one a second.
   */
  unlessWithinMinutes?: number;
  /** For system events: the uploader is the user the event concerns (their own trail). */
  targetsUploader?: boolean;
}

const dialect = new PgDialect();

/**
 * One statement that appends the event for each transcription, with what the trail shows of it
 * read from the row itself: its name and team as they are now (docs/decisions/0089). A
 * transcription that no longer exists records nothing.
 */
function transcriptionEventInsert(event: TranscriptionAuditEvent): SQL {
  const ids = JSON.stringify(event.transcriptionIds);
  const detail = event.detail ? JSON.stringify(event.detail) : null;
  const recent =
    event.unlessWithinMinutes === undefined
      ? sql``
      : sql`AND NOT EXISTS (
          SELECT 1 FROM audit_events recent
          WHERE recent.actor_id = ${event.actorId}::text AND recent.transcription_id = t.id
            AND recent.action = ${event.action}::text
            AND recent.at > clock_timestamp() - make_interval(mins => ${event.unlessWithinMinutes}::integer))`;
  return sql`INSERT INTO audit_events
      (id, at, actor_id, actor_email, action, team_id, transcription_id, transcription_name,
       target_user_id, detail)
    SELECT gen_random_uuid()::text, clock_timestamp(), ${event.actorId}::text,
      (SELECT email FROM users WHERE id = ${event.actorId}::text), ${event.action}::text,
      t.team_id, t.id,
      t.filename, ${event.targetsUploader ? sql`t.user_id` : sql`NULL`}, ${detail}::jsonb
    FROM transcriptions t
    WHERE t.id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)) ${recent}`;
}

/** Appends a transcription's event; pass the transaction when it belongs to a change. */
export async function recordTranscriptionEvent(
  db: Database,
  event: TranscriptionAuditEvent,
): Promise<void> {
  await db.execute(transcriptionEventInsert(event));
}

/** The same, inside a transaction run with `withRawTransaction`. */
export async function recordTranscriptionEventIn(
  executeSql: ExecuteSql,
  event: TranscriptionAuditEvent,
): Promise<void> {
  const query = dialect.sqlToQuery(transcriptionEventInsert(event));
  await executeSql(query.sql, query.params);
}
