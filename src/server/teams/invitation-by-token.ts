import { eq } from 'drizzle-orm';
import type { InvitationRole } from '../../core/api/team-values.js';
import type { Database } from '../db/database.js';
import { teamInvitations, teams, user } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { hashInvitationToken } from './invitation-token.js';

export const INVITATION_NOT_FOUND =
  'This invitation link is not valid. Check that you copied all of it, or ask for a new one.';
export const INVITATION_REVOKED =
  'This invitation was withdrawn. Ask an owner or admin of the team for a new one.';
export const INVITATION_USED =
  'This invitation has already been used: each link works once. Ask an owner or admin of the team for a new one.';
export const invitationExpired = (expiresAt: Date) =>
  `This invitation expired on ${expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '')}. Ask an owner or admin of the team for a new one.`;

export interface UsableInvitation {
  id: string;
  teamId: string;
  teamName: string;
  email: string;
  role: InvitationRole;
  invitedBy: string | null;
  expiresAt: Date;
}

/**
 * The invitation a link names, if it can still be accepted; otherwise a 404 (no such link) or a
 * 410 that says why it no longer works. `lock` holds its row until the transaction ends.
 */
export async function findUsableInvitation(
  db: Database,
  token: string,
  options: { lock?: boolean; now?: Date } = {},
): Promise<UsableInvitation> {
  const query = db
    .select({
      id: teamInvitations.id,
      teamId: teamInvitations.teamId,
      teamName: teams.name,
      email: teamInvitations.email,
      role: teamInvitations.role,
      invitedBy: user.name,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(user, eq(user.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: teamInvitations }) : await query;
  if (!row) throw new AppError('not_found', INVITATION_NOT_FOUND);
  if (row.revokedAt) throw new AppError('gone', INVITATION_REVOKED);
  if (row.acceptedAt) throw new AppError('gone', INVITATION_USED);
  if (row.expiresAt <= (options.now ?? new Date())) {
    throw new AppError('gone', invitationExpired(row.expiresAt));
  }
  const { acceptedAt: _accepted, revokedAt: _revoked, ...usable } = row;
  return usable;
}
