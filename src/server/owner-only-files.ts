import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Audio, transcripts and the database are personal data: everything this process creates is
 * readable by its own user only (a umask of 077), and the data folder is brought back to that
 * at start-up, for files an older version or another tool left readable.
 */
export function keepDataOwnerOnly(folders: { dataDir: string; audioDir: string }): void {
  process.umask(0o077);
  const { dataDir, audioDir } = folders;
  const audioInsideData = !path.relative(dataDir, audioDir).startsWith('..');
  for (const folder of audioInsideData ? [dataDir] : [dataDir, audioDir]) {
    mkdirSync(folder, { recursive: true });
    restrictToOwner(folder);
  }
}

/**
 * Takes group and other permissions off a folder and everything in it. The embedded database
 * unpacks its first files with modes of their own (0666), whatever the umask: call this again on
 * its folder once it has opened.
 */
export function restrictToOwner(entry: string): void {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return;
  if (stats.isDirectory()) {
    if ((stats.mode & 0o077) !== 0) chmodSync(entry, stats.mode & 0o700);
    for (const child of readdirSync(entry)) restrictToOwner(path.join(entry, child));
  } else if (stats.isFile() && (stats.mode & 0o077) !== 0) {
    chmodSync(entry, stats.mode & 0o700);
  }
}
