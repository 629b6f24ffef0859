import { Readable } from 'node:stream';
import type { AuditPageDto, AuditQuery } from '../../core/api/audit.js';
import { teamRoleCan } from '../../core/teams/team-permissions.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { findTeamRole } from '../team-access/team-membership.js';
import { auditCsvLines } from './audit-csv.js';
import { allAuditEvents, listAuditEvents, type AuditScope } from './list-audit-events.js';

export const TEAM_NOT_FOUND = 'Team not found';
export const TEAM_TRAIL_REFUSED =
  "Only the team's owner and admins can see its activity. Ask one of them for what you need.";

/**
 * The team's trail is for those who manage its members: any other member is refused, and someone
 * outside the team is told it does not exist, as for its transcriptions.
 */
export async function teamAuditScope(
  db: Database,
  userId: string,
  teamId: string,
): Promise<AuditScope> {
  const role = await findTeamRole(db, teamId, userId);
  if (!role) throw new AppError('not_found', TEAM_NOT_FOUND);
  if (!teamRoleCan(role, 'manageMembers')) throw new AppError('forbidden', TEAM_TRAIL_REFUSED);
  return { teamId };
}

const filterOf = (query: AuditQuery) => ({
  action: query.action,
  transcriptionId: query.transcription,
});

export function readAuditPage(db: Database, scope: AuditScope, query: AuditQuery) {
  return listAuditEvents(db, scope, filterOf(query), {
    before: query.before,
    limit: query.limit,
  }) satisfies Promise<AuditPageDto>;
}

/** The whole (filtered) trail as a CSV stream, read from the database as it is sent. */
export function auditCsvStream(db: Database, scope: AuditScope, query: AuditQuery): Readable {
  return Readable.from(auditCsvLines(allAuditEvents(db, scope, filterOf(query))));
}
