import { open, rename, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';

/** The holder touches the lock this often; a lock untouched for STALE_MS is taken over. */
const HEARTBEAT_MS = 2_000;
const STALE_MS = 15_000;
const POLL_MS = 500;

/**
 * Runs `work` while holding `lockPath`, so processes sharing a models folder (API and worker
 * processes, or two machines on one mount) never write one download at once. Another holder
 * is waited for; a holder that died (no heartbeat) is replaced, and the rename makes sure only
 * one waiter replaces it.
 */
export async function withModelDownloadLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  options: { onWaiting?: () => void; signal?: AbortSignal } = {},
): Promise<T> {
  let told = false;
  for (;;) {
    options.signal?.throwIfAborted();
    if (await tryCreate(lockPath)) break;
    if (await isStale(lockPath)) {
      const stale = `${lockPath}.stale-${process.pid}`;
      const won = await rename(lockPath, stale).then(
        () => true,
        () => false,
      );
      if (won) await rm(stale, { force: true });
      continue;
    }
    if (!told) options.onWaiting?.();
    told = true;
    await delay(POLL_MS, undefined, { signal: options.signal });
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    await rm(lockPath, { force: true });
  }
}

async function tryCreate(lockPath: string): Promise<boolean> {
  try {
    const file = await open(lockPath, 'wx');
    await file.writeFile(`${JSON.stringify({ pid: process.pid, host: hostname() })}\n`);
    await file.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs > STALE_MS;
  } catch {
    return false; // gone meanwhile: the next try creates it
  }
}
