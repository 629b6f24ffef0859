/**
 * The fixed values of the teams contract (issue 33, docs/decisions/0087). Kept apart from the zod
 * schemas, without zod, like transcription-values.
 */

/** Highest first: each role can do everything the roles after it can. */
export const TEAM_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** An invitation never makes an owner: ownership is handed over by the owner. */
export const INVITATION_ROLES = ['admin', 'editor', 'viewer'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** Days an invitation's link works. */
export const INVITATION_DAYS = 7;

export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_NAME_MESSAGE = `Give the team a name of 1 to ${TEAM_NAME_MAX_LENGTH} characters.`;

/** What is wrong with a team name as typed (it is trimmed first), or null: the forms' own check. */
export function teamNameProblem(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > TEAM_NAME_MAX_LENGTH ? TEAM_NAME_MESSAGE : null;
}
export const COMMENT_MAX_LENGTH = 5_000;

/** What the audit trail records (`GET /api/audit`, `GET /api/teams/:id/audit`). */
export const AUDIT_ACTIONS = [
  'transcription.view',
  'transcription.play',
  'transcription.edit',
  'transcription.export',
  'transcription.share-link-created',
  'transcription.share-link-revoked',
  'transcription.move',
  'transcription.delete',
  'transcription.restore',
  'transcription.retention-delete',
  'team.create',
  'team.delete',
  'team.member-added',
  'team.member-removed',
  'team.member-role-changed',
  'team.ownership-transferred',
  'team.invitation-created',
  'team.invitation-revoked',
  'team.webhook-added',
  'team.webhook-removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
