import { randomBytes } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** Names of process areas inside the temporary folder; anything else there is a loose leftover. */
export const PROCESS_AREA_PREFIX = 'p-';
/** The file each live process touches to say its area is in use. */
export const ALIVE_FILE = '.alive';
export const HEARTBEAT_MS = 60_000;
/** An area whose process has not touched it for this long belongs to a process that is gone. */
export const STALE_AFTER_MS = 5 * 60_000;

export interface ProcessTempArea {
  /** This process's own temporary folder: uploads being received, jobs' decoded audio. */
  directory: string;
  /** Stops the heartbeat and removes the folder (everything in it was this process's). */
  release(): Promise<void>;
}

/**
 * Gives this process a temporary folder of its own under `incomingDir` and keeps it marked alive,
 * so a sweep by any process sharing the disk can tell orphans (of a crashed or killed process)
 * from files in use without knowing which files a job holds.
 */
export function claimTempArea(incomingDir: string): ProcessTempArea {
  const name = `${PROCESS_AREA_PREFIX}${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const directory = path.join(incomingDir, name);
  const alive = path.join(directory, ALIVE_FILE);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  writeFileSync(alive, '', { mode: 0o600 });
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(alive, now, now);
    } catch {
      // Swept by mistake (a process paused longer than STALE_AFTER_MS): say alive again.
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      writeFileSync(alive, '', { mode: 0o600 });
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    directory,
    async release() {
      clearInterval(heartbeat);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
