/**
 * Which recordings a live tab is working on (Web Locks): a tab holds its recording's lock from
 * the first sample until the server has it, and the browser frees the lock when the tab closes or
 * crashes. So another tab never offers a recording that is still being made or sent as "cut off".
 */

const LOCK_PREFIX = 'sonoscript-recording:';

/** Releases a held recording. Safe to call twice. */
export type ReleaseRecording = () => void;

/** Takes the recording's lock, or null when another tab holds it. */
export function holdRecording(id: string): Promise<ReleaseRecording | null> {
  // Browsers without Web Locks (Safari before 15.4): every tab may offer every stored recording.
  if (!('locks' in navigator)) return Promise.resolve(() => undefined);
  return new Promise((resolve, reject) => {
    navigator.locks
      .request(`${LOCK_PREFIX}${id}`, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        return new Promise<void>((release) => resolve(() => release()));
      })
      .catch(reject);
  });
}

/**
 * Resolves once no tab holds the recording (at once when none does); never resolves when aborted.
 * A crashed tab's lock is freed by the browser a moment after the crash, not at it.
 */
export async function recordingFreed(id: string, signal: AbortSignal): Promise<void> {
  if (!('locks' in navigator)) return;
  await navigator.locks.request(`${LOCK_PREFIX}${id}`, { signal }, () => undefined);
}

/** The ids of the recordings some open tab holds. */
export async function heldRecordingIds(): Promise<Set<string>> {
  if (!('locks' in navigator)) return new Set();
  const { held = [] } = await navigator.locks.query();
  return new Set(
    held
      .map((lock) => lock.name ?? '')
      .filter((name) => name.startsWith(LOCK_PREFIX))
      .map((name) => name.slice(LOCK_PREFIX.length)),
  );
}
