import type { TeamRole } from '../api/team-values.js';

/**
 * What each team role may do (issue 33, docs/decisions/0087): the one table the server enforces
 * and the pages read to show only what a member can use.
 */
export const TEAM_PERMISSIONS = {
  /** Read, play, export and search the team's transcriptions; comment and highlight. */
  read: ['owner', 'admin', 'editor', 'viewer'],
  comment: ['owner', 'admin', 'editor', 'viewer'],
  /** Upload or record into the team, move one's own transcription in. */
  upload: ['owner', 'admin', 'editor'],
  /** Edit lines and speakers, rename, transcribe again, resolve comments. */
  edit: ['owner', 'admin', 'editor'],
  /** Create or revoke a public share link of a team transcription. */
  share: ['owner', 'admin', 'editor'],
  /** Delete or restore a team transcription, move one back to its uploader, delete others' comments. */
  manageTranscriptions: ['owner', 'admin'],
  /** Invite, revoke invitations, change roles (below owner), remove members; read the team's audit trail. */
  manageMembers: ['owner', 'admin'],
  /** Add, list, test and delete the team's webhook endpoints, and read their deliveries. */
  manageWebhooks: ['owner', 'admin'],
  /** Delete the team, hand ownership over. */
  ownTeam: ['owner'],
} as const satisfies Record<string, readonly TeamRole[]>;

export type TeamPermission = keyof typeof TEAM_PERMISSIONS;

export function teamRoleCan(role: TeamRole, permission: TeamPermission): boolean {
  return (TEAM_PERMISSIONS[permission] as readonly TeamRole[]).includes(role);
}
