import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockPathOf(directory: string): string {
  return path.join(directory, '..', `${path.basename(directory)}.lock`);
}

/** The live process holding the embedded database's lock, if one does. */
export function lockHolder(directory: string): number | undefined {
  let holder: number;
  try {
    holder = Number.parseInt(readFileSync(lockPathOf(directory), 'utf8'), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return Number.isInteger(holder) && isProcessAlive(holder) ? holder : undefined;
}

/**
 * PGlite has no lock of its own and two processes on one directory silently lose writes,
 * so the first process takes a lock file and any other is refused with a clear message.
 */
export function lockDatabaseDirectory(directory: string): () => void {
  mkdirSync(directory, { recursive: true });
  const lockPath = lockPathOf(directory);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DatabaseLockedError(
          `The embedded database at ${directory} is in use by process ${holder}. ` +
            'Stop that process, or set DATABASE_URL to a PostgreSQL server to run several processes.',
        );
      }
      // The holder died without cleaning up (or is us): the lock is stale.
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database at ${directory}`);
}
