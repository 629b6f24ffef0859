import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { user } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { TRANSCRIPT_READY_EMAIL_SECONDS, transcriptReadyEmail } from './transcript-ready-email.js';

export interface CompletedTranscription {
  id: string;
  userId: string;
  filename: string;
  durationInSeconds: number;
  /** Seconds the job covered (a plan's limit), or null for the whole file. */
  transcribeSeconds: number | null;
}

/** The audio the job actually transcribed: what the user waited for. */
function transcribedSeconds(transcription: CompletedTranscription): number {
  return Math.min(
    transcription.durationInSeconds,
    transcription.transcribeSeconds ?? transcription.durationInSeconds,
  );
}

export type NotifyTranscriptReady = (transcription: CompletedTranscription) => Promise<void>;

/** Emails the owner of a finished long transcription, unless they turned that off. */
export function transcriptReadyNotifier(deps: {
  db: Database;
  mailer: Mailer;
  baseUrl: string;
}): NotifyTranscriptReady {
  return async (transcription) => {
    if (!deps.mailer.enabled) return;
    if (transcribedSeconds(transcription) <= TRANSCRIPT_READY_EMAIL_SECONDS) return;
    const rows = await deps.db
      .select({ email: user.email, name: user.name, wanted: user.transcriptReadyEmail })
      .from(user)
      .where(eq(user.id, transcription.userId))
      .limit(1);
    const owner = rows[0];
    if (!owner?.wanted) return;
    await deps.mailer.send(
      transcriptReadyEmail({
        to: owner.email,
        name: owner.name,
        filename: transcription.filename,
        durationInSeconds: transcription.durationInSeconds,
        transcriptUrl: `${deps.baseUrl}/transcription/${transcription.id}`,
        settingsUrl: `${deps.baseUrl}/account`,
      }),
    );
  };
}
