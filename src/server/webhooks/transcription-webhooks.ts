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
 * Tells the owner's endpoints (and the upload's own `webhook_url`) that a transcription ended or
 * was deleted. Never throws: a failure to queue is logged, the transcription's own work goes on.
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
        })
        .from(transcriptions)
        .where(eq(transcriptions.id, id))
        .limit(1);
      const row = rows[0];
      // The payload is a hint: receivers fetch the transcript itself with their API key.
      const data = {
        id,
        url: `${deps.baseUrl}/api/transcriptions/${id}`,
        ...(row && event !== 'transcription.deleted' ? row : { status: 'deleted' }),
      };
      await emitWebhookEvent(deps, { type: event, userId, transcriptionId: id, data });
    } catch (error) {
      deps.log(error, `could not queue the ${event} webhook`);
    }
  };
}
