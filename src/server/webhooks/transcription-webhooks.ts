import { eq } from 'drizzle-orm';
import type { WebhookEvent } from '../../core/api/webhooks.js';
import { transcriptions } from '../db/schema.js';
import { emitWebhookEvent, type WebhookEmitterDeps } from './emit-webhook-event.js';

/** The transcription an event is about, as its place in the pipeline knows it. */
export interface TranscriptionRef {
  id: string;
  userId: string;
}

/**
 * Tells the endpoints of the library the transcription is in now (its uploader's own, or its
 * team's), and the upload's own `webhook_url`, that it ended or was deleted. Never throws: a failure to queue is logged, the transcription's own work goes on.
 */
export type AnnounceTranscription = (
  transcription: TranscriptionRef,
  event: WebhookEvent,
) => Promise<void>;

export function transcriptionAnnouncer(
  deps: WebhookEmitterDeps & {
    baseUrl: string;
    log: (error: unknown, message: string) => void;
  },
): AnnounceTranscription {
  return async ({ id, userId }, event) => {
    try {
      const rows = await deps.database.db
        .select({
          filename: transcriptions.filename,
          status: transcriptions.status,
          error: transcriptions.error,
          durationInSeconds: transcriptions.durationInSeconds,
          teamId: transcriptions.teamId,
        })
        .from(transcriptions)
        .where(eq(transcriptions.id, id))
        .limit(1);
      const found = rows[0];
      // The payload is a hint: receivers fetch the transcript itself with their API key.
      const data = {
        id,
        url: `${deps.baseUrl}/api/transcriptions/${id}`,
        ...(found && event !== 'transcription.deleted'
          ? {
              filename: found.filename,
              status: found.status,
              error: found.error,
              durationInSeconds: found.durationInSeconds,
            }
          : { status: 'deleted' }),
      };
      // Read at the event, so one moved into or out of a team is announced where it is now.
      const owner = found?.teamId ? { teamId: found.teamId } : { userId };
      await emitWebhookEvent(deps, {
        type: event,
        to: { owner, transcriptionId: id },
        data,
      });
    } catch (error) {
      deps.log(error, `could not queue the ${event} webhook`);
    }
  };
}
