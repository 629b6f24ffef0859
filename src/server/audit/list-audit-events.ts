import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '../../core/api/team-values.js';
import type { AuditEventDto, AuditPageDto } from '../../core/api/audit.js';
import type { Database } from '../db/database.js';
import { auditEvents } from '../db/schema.js';

/**
 * Whose trail: a user's own (what they did, and what was done to them or their data by someone
 * else or the system: the events naming them as target), or a team's (every event on it).
 */
export type AuditScope = { userId: string } | { teamId: string };

export interface AuditFilter {
  action?: AuditAction;
  transcriptionId?: string;
}

const e = auditEvents;

function scopeCondition(scope: AuditScope): SQL | undefined {
  if ('teamId' in scope) return eq(e.teamId, scope.teamId);
  return or(eq(e.actorId, scope.userId), eq(e.targetUserId, scope.userId));
}

type AuditRow = typeof auditEvents.$inferSelect;

function toAuditEventDto(row: AuditRow): AuditEventDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail },
    transcription:
      row.transcriptionId === null
        ? null
        : { id: row.transcriptionId, name: row.transcriptionName },
    team: row.teamId === null ? null : { id: row.teamId },
    targetUserId: row.targetUserId,
    detail: row.detail,
  };
}

/**
 * A page of the trail, newest first. The cursor is the last event's id: the next page is what
 * came before it (same time: smaller id), so events appended meanwhile never shift a page. A
 * cursor whose event the sweep deleted meanwhile ends the trail.
 */
export async function listAuditEvents(
  db: Database,
  scope: AuditScope,
  filter: AuditFilter,
  page: { before?: string; limit: number },
): Promise<AuditPageDto> {
  const after = page.before
    ? sql`(${e.at}, ${e.id}) < (SELECT at, id FROM audit_events WHERE id = ${page.before})`
    : undefined;
  const rows = await db
    .select()
    .from(e)
    .where(
      and(
        scopeCondition(scope),
        filter.action ? eq(e.action, filter.action) : undefined,
        filter.transcriptionId ? eq(e.transcriptionId, filter.transcriptionId) : undefined,
        after,
      ),
    )
    .orderBy(desc(e.at), desc(e.id))
    .limit(page.limit + 1);
  const events = rows.slice(0, page.limit).map(toAuditEventDto);
  return {
    events,
    next: rows.length > page.limit ? (events.at(-1)?.id ?? null) : null,
  };
}

/** Every event of the trail, newest first, read a page at a time: for the CSV download. */
export async function* allAuditEvents(
  db: Database,
  scope: AuditScope,
  filter: AuditFilter,
): AsyncGenerator<AuditEventDto> {
  let before: string | undefined;
  for (;;) {
    const page = await listAuditEvents(db, scope, filter, { before, limit: 500 });
    yield* page.events;
    if (page.next === null) return;
    before = page.next;
  }
}
