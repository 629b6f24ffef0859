import { statfs } from 'node:fs/promises';
import { AppError } from '../errors/app-error.js';

export const LOW_DISK_MESSAGE =
  'The server is low on disk space and cannot take uploads right now. Please try again later.';

/** Bytes an unprivileged process may still write on the file system holding `directory`. */
export async function freeDiskBytes(directory: string): Promise<number> {
  const stats = await statfs(directory);
  return stats.bavail * stats.bsize;
}

/** Refuses an upload before its body is read when the disk is down to its last `minFreeBytes`. */
export async function assertDiskHasRoom(directory: string, minFreeBytes: number): Promise<void> {
  if (minFreeBytes <= 0) return;
  if ((await freeDiskBytes(directory)) < minFreeBytes)
    throw new AppError('unavailable', LOW_DISK_MESSAGE);
}
