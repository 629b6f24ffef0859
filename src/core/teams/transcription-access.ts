import type { TranscriptionAccessDto } from '../api/transcriptions.js';
import { teamRoleCan, type TeamPermission } from './team-permissions.js';

/** Whether a reader with this access may do `permission`: the uploader of their own may do all. */
export function accessAllows(
  access: TranscriptionAccessDto | undefined,
  permission: TeamPermission,
): boolean {
  return access === undefined || access === 'uploader' || teamRoleCan(access, permission);
}
