import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/database.js';
import { migrationsUpTo } from './migrations-up-to.js';

interface Journal {
  entries: Array<{ when: number; tag: string }>;
}

const journal = JSON.parse(
  await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
) as Journal;

describe('the migrations up to a backup', () => {
  let work: string;
  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sonoscript-migrations-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it("keeps exactly the migrations up to the backup's last one", async () => {
    const third = journal.entries[2]!;
    const folder = await migrationsUpTo(MIGRATIONS_FOLDER, third.when, work);
    const cut = JSON.parse(
      await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    expect(cut.entries.map((entry) => entry.tag)).toEqual(
      journal.entries.slice(0, 3).map((entry) => entry.tag),
    );
    expect((await readdir(folder)).filter((file) => file.endsWith('.sql')).sort()).toEqual(
      journal.entries.slice(0, 3).map((entry) => `${entry.tag}.sql`),
    );
  });

  it('refuses a backup made by a newer version', async () => {
    const newest = journal.entries.at(-1)!.when;
    await expect(migrationsUpTo(MIGRATIONS_FOLDER, newest + 1, work)).rejects.toThrow(
      /made by a newer version of Sonoscript/,
    );
  });
});
