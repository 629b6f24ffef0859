import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../../core/api/team-values.js';
import type { Database } from '../db/database.js';
import { auditEvents } from '../db/schema.js';

export interface AuditEvent {
  action: AuditAction;
  /** Who did it; null for the system (the retention job). */
  actor: { id: string; email: string } | null;
  teamId?: string | null;
  transcription?: { id: string; filename: string } | null;
  targetUserId?: string | null;
  detail?: Record<string, string | number | null>;
}

/**
 * Appends one event to the audit trail (issue 33, docs/decisions/0087). Pass the transaction when
 * the event belongs to a change, so both are kept or neither.
 */
export async function recordAuditEvent(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    id: randomUUID(),
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    action: event.action,
    teamId: event.teamId ?? null,
    transcriptionId: event.transcription?.id ?? null,
    transcriptionName: event.transcription?.filename ?? null,
    targetUserId: event.targetUserId ?? null,
    detail: event.detail ?? null,
  });
}
