import type { TranscriptionDto } from '../../../core/api-types';
import { getJson, HttpError } from '../../lib/api-client';

const POLL_MS = 1_000;
const MAX_CONSECUTIVE_FAILURES = 5;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Follows a queued transcription until it completes or fails, reporting each answer.
 * Null when it disappeared (deleted meanwhile); throws after repeated network or server errors, or on abort.
 */
export async function waitForTranscription(
  id: string,
  {
    signal,
    onUpdate,
  }: { signal: AbortSignal; onUpdate: (transcription: TranscriptionDto) => void },
): Promise<TranscriptionDto | null> {
  let failures = 0;
  for (;;) {
    await sleep(POLL_MS, signal);
    try {
      const transcription = await getJson<TranscriptionDto>(
        `/api/transcriptions/${encodeURIComponent(id)}`,
      );
      if (signal.aborted) throw signal.reason;
      if (!transcription) return null;
      failures = 0;
      onUpdate(transcription);
      if (transcription.status === 'completed' || transcription.status === 'failed')
        return transcription;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof HttpError && error.status === 404) return null;
      failures += 1;
      if (failures >= MAX_CONSECUTIVE_FAILURES) throw error;
    }
  }
}
