import type { TeamRole } from '../../../core/api/team-values';

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What each role may do, in a sentence, beside the role pickers. */
export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything, including deleting the team and handing ownership over.',
  admin: 'Members and invitations, and everything on transcripts.',
  editor: 'Upload, edit, rename, export and share transcripts.',
  viewer: 'Read, play, export and search transcripts.',
};
