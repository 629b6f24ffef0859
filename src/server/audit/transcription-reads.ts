import type { Database } from '../db/database.js';
import { recordTranscriptionEvent } from './record-transcription-event.js';

/**
 * A read is recorded once per user, transcription and this many minutes: pages poll and reload,
 * and the trail should say "read at 10:02", not list every poll (docs/decisions/0089).
 */
export const READ_EVENT_MINUTES = 10;

/** `GET /api/transcriptions/:id`: the user opened (or an API client read) the transcript. */
export function recordTranscriptionView(db: Database, userId: string, transcriptionId: string) {
  return recordTranscriptionEvent(db, {
    action: 'transcription.view',
    actorId: userId,
    transcriptionIds: [transcriptionId],
    unlessWithinMinutes: READ_EVENT_MINUTES,
  });
}

/**
 * Whether an audio request starts a play: the whole file, or a range from its first byte (what
 * a player asks first). Later ranges are the same play seeking or buffering.
 */
export const startsPlayback = (range: string | undefined): boolean =>
  range === undefined || /^bytes=0-/.test(range.trim());

/**
 * `GET /api/transcriptions/:id/audio` from its start: the recording is streamed to the user (a
 * recording retention deleted is not).
 */
export async function recordTranscriptionPlay(
  db: Database,
  userId: string,
  transcription: { id: string; audioDeletedAt: Date | null },
  range: string | undefined,
) {
  if (transcription.audioDeletedAt !== null || !startsPlayback(range)) return;
  await recordTranscriptionEvent(db, {
    action: 'transcription.play',
    actorId: userId,
    transcriptionIds: [transcription.id],
    unlessWithinMinutes: READ_EVENT_MINUTES,
  });
}
