import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup-manifest.js';

interface Journal {
  entries: Array<{ when: number; tag: string }>;
}

/**
 * A copy of the migrations folder cut after the backup's last migration: restore brings the
 * target to exactly the backup's schema, loads the rows, and only then runs the newer migrations,
 * as an upgrade would have. A backup from a newer version than this one is refused.
 */
export async function migrationsUpTo(
  migrationsFolder: string,
  lastCreatedAt: number,
  workFolder: string,
): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  if (lastCreatedAt > newest) {
    throw new BackupError(
      'The backup was made by a newer version of Sonoscript (its database has migrations this version does not know). Restore it with that version or a later one.',
    );
  }
  const kept = journal.entries.filter((entry) => entry.when <= lastCreatedAt);
  const folder = path.join(workFolder, 'migrations');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const entry of kept) {
    await copyFile(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}
