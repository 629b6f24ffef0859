import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const readJson = (file: string) =>
  JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', file), 'utf8')) as Record<string, unknown>;

describe('the migrations drizzle-kit generates from', () => {
  it('have one journal entry and one snapshot per SQL file, each snapshot after the one before', () => {
    const sql = readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    const journal = readJson('_journal.json') as { entries: Array<{ tag: string }> };
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(sql);
    let previous = '00000000-0000-0000-0000-000000000000';
    for (const [index] of sql.entries()) {
      const snapshot = readJson(`${String(index).padStart(4, '0')}_snapshot.json`);
      // Two snapshots after the same one make drizzle-kit diff against the wrong schema.
      expect(snapshot.prevId, `snapshot ${index}`).toBe(previous);
      previous = snapshot.id as string;
    }
  });
});
