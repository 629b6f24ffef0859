import type { TranscriptionAuditEvent } from './record-transcription-event.js';

/*
 * The events of one transcription besides reads (transcription-reads.ts), built where the change
 * is made and recorded inside its transaction (docs/decisions/0089).
 */

/** A change to a transcript's lines, speakers or name; `kind` as the History panel names it. */
export const editEvent = (
  actorId: string,
  transcriptionId: string,
  detail: { kind: string; version?: number },
): TranscriptionAuditEvent => ({
  action: 'transcription.edit',
  actorId,
  transcriptionIds: [transcriptionId],
  detail,
});

/** A download of the transcript as a file, or in a ZIP of several (`via: 'zip'`). */
export const exportEvent = (
  actorId: string,
  transcriptionIds: readonly string[],
  detail: { format: string; version?: string; via?: 'zip' },
): TranscriptionAuditEvent => ({
  action: 'transcription.export',
  actorId,
  transcriptionIds,
  detail,
});

export const shareLinkEvent = (
  actorId: string,
  transcriptionId: string,
  change: 'created' | 'revoked',
): TranscriptionAuditEvent => ({
  action:
    change === 'created' ? 'transcription.share-link-created' : 'transcription.share-link-revoked',
  actorId,
  transcriptionIds: [transcriptionId],
});

/**
 * "Delete" by a person, or the retention job (actor null) deleting the transcript or only its
 * recording; the job's event names the uploader as the user it concerns, so it is in their trail.
 */
export const deleteEvent = (
  actorId: string | null,
  transcriptionId: string,
  deleted: 'transcript' | 'recording' = 'transcript',
): TranscriptionAuditEvent =>
  actorId === null
    ? {
        action: 'transcription.retention-delete',
        actorId: null,
        transcriptionIds: [transcriptionId],
        detail: { deleted },
        targetsUploader: true,
      }
    : { action: 'transcription.delete', actorId, transcriptionIds: [transcriptionId] };

/** Undo of a delete, within its few seconds. */
export const restoreEvent = (
  actorId: string,
  transcriptionId: string,
): TranscriptionAuditEvent => ({
  action: 'transcription.restore',
  actorId,
  transcriptionIds: [transcriptionId],
});
