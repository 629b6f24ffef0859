import type { Database } from '../../db/database.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import { readStatus } from './transcription-run.repository.js';

/** A look at the row every so often too, in case a signal was lost (the listener reconnecting). */
const CHECK_INTERVAL_MS = 1_000;

export class TranscriptionCancelled extends Error {
  override name = 'TranscriptionCancelled';
}

/**
 * Aborts a running job's work when its owner cancels it: on the row's change signal, or at the
 * latest at the next periodic look. Deletion counts as a cancel too: nobody wants the result.
 */
export function watchForCancel(db: Database, signals: TranscriptionSignals, id: string) {
  const controller = new AbortController();
  let checking = false;
  const check = async (): Promise<void> => {
    if (checking || controller.signal.aborted) return;
    checking = true;
    try {
      const status = await readStatus(db, id);
      if (status === undefined || status === 'cancelled')
        controller.abort(new TranscriptionCancelled(`transcription ${id} was cancelled`));
    } catch {
      // The database is briefly away: the next look tries again.
    } finally {
      checking = false;
    }
  };
  const unwatch = signals.watch(id, () => void check());
  const timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
  timer.unref();
  return {
    signal: controller.signal,
    cancelled: () => controller.signal.aborted,
    stop: () => {
      unwatch();
      clearInterval(timer);
    },
  };
}
