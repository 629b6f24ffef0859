import type { AuditEventDto } from '../../../core/api/audit';
import type { AuditAction } from '../../../core/api/team-values';

const LABELS: Record<AuditAction, string> = {
  'transcription.view': 'Opened',
  'transcription.play': 'Played',
  'transcription.edit': 'Edited',
  'transcription.export': 'Downloaded',
  'transcription.share-link-created': 'Created a share link',
  'transcription.share-link-revoked': 'Turned off the share link',
  'transcription.move': 'Moved',
  'transcription.delete': 'Deleted',
  'transcription.restore': 'Restored after deleting',
  'transcription.retention-delete': 'Deleted by retention',
  'team.create': 'Created the team',
  'team.delete': 'Deleted the team',
  'team.member-added': 'Added a member',
  'team.member-removed': 'Removed a member',
  'team.member-role-changed': 'Changed a member’s role',
  'team.ownership-transferred': 'Handed over ownership',
  'team.invitation-created': 'Invited someone',
  'team.invitation-revoked': 'Revoked an invitation',
  'team.webhook-added': 'Added a webhook endpoint',
  'team.webhook-removed': 'Deleted a webhook endpoint',
};

const EDIT_KINDS: Record<string, string> = {
  renamed: 'Renamed',
  edited: 'Edited the lines',
  speakers: 'Renamed speakers',
  restored: 'Restored a version',
};

/** What happened, in a few words: the action, with the detail that tells it apart. */
export function describeAuditEvent(event: AuditEventDto): string {
  const detail = event.detail ?? {};
  if (event.action === 'transcription.edit' && typeof detail.kind === 'string') {
    const kind = EDIT_KINDS[detail.kind] ?? LABELS[event.action];
    return typeof detail.version === 'number' ? `${kind} (version ${detail.version})` : kind;
  }
  if (event.action === 'transcription.export' && typeof detail.format === 'string') {
    const zip = detail.via === 'zip' ? ' in a ZIP' : '';
    return `Downloaded as ${detail.format.toUpperCase()}${zip}`;
  }
  if (event.action.startsWith('team.webhook-') && typeof detail.url === 'string')
    return `${LABELS[event.action]}: ${detail.url}`;
  if (event.action === 'transcription.retention-delete' && detail.deleted === 'recording')
    return 'Recording deleted by retention';
  return LABELS[event.action];
}
