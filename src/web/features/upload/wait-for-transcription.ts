import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { getJson, HttpError } from '../../lib/api-client';
import { supportsEventSource } from '../transcriptions/live/use-transcription-events';

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

interface Follow {
  signal: AbortSignal;
  /** The job's progress (0–100) as it moves. */
  onProgress: (progress: number) => void;
}

const isEnded = (transcription: TranscriptionDto) =>
  transcription.status === 'completed' ||
  transcription.status === 'failed' ||
  transcription.status === 'cancelled';

/**
 * Follows a queued transcription until it completes or fails, reporting each change: over its
 * events stream, or by asking every second where the browser has none or the stream is refused.
 * Null when it disappeared (deleted meanwhile); throws after repeated network or server errors, or on abort.
 */
export async function waitForTranscription(
  id: string,
  follow: Follow,
): Promise<TranscriptionDto | null> {
  if (supportsEventSource() && (await streamEnded(id, follow)) === 'ended') {
    if (follow.signal.aborted) throw follow.signal.reason;
    return getJson<TranscriptionDto>(`/api/transcriptions/${encodeURIComponent(id)}`).catch(
      (error: unknown) => {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      },
    );
  }
  return pollUntilEnded(id, follow);
}

/** Resolves when the stream says the job ended, or 'unavailable' when it cannot be followed. */
function streamEnded(id: string, { signal, onProgress }: Follow): Promise<'ended' | 'unavailable'> {
  return new Promise((resolve, reject) => {
    const source = new EventSource(`/api/transcriptions/${encodeURIComponent(id)}/events`, {
      withCredentials: true,
    });
    const finish = (outcome: 'ended' | 'unavailable') => {
      source.close();
      resolve(outcome);
    };
    signal.addEventListener(
      'abort',
      () => {
        source.close();
        reject(signal.reason);
      },
      { once: true },
    );
    source.addEventListener('progress', (message) => {
      const { progress } = JSON.parse((message as MessageEvent<string>).data) as {
        progress: number;
      };
      onProgress(progress);
    });
    source.addEventListener('status', (message) => {
      const { status } = JSON.parse((message as MessageEvent<string>).data) as Pick<
        TranscriptionDto,
        'status'
      >;
      if (status === 'completed' || status === 'failed' || status === 'cancelled') finish('ended');
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) finish('unavailable');
    });
  });
}

async function pollUntilEnded(
  id: string,
  { signal, onProgress }: Follow,
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
      onProgress(transcription.progress);
      if (isEnded(transcription)) return transcription;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof HttpError && error.status === 404) return null;
      failures += 1;
      if (failures >= MAX_CONSECUTIVE_FAILURES) throw error;
    }
  }
}
