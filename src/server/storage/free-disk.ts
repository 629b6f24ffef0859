import { statfs } from 'node:fs/promises';

export const LOW_DISK_MESSAGE =
  'The server is low on disk space and cannot take uploads right now. Please try again later.';

/** Bytes an unprivileged process may still write on the file system holding `directory`. */
export async function freeDiskBytes(directory: string): Promise<number> {
  const stats = await statfs(directory);
  return stats.bavail * stats.bsize;
}
