import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHitDto } from '../../src/core/api/search.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type { CommentDto } from '../../src/core/api/comments.js';
import {
  DatabaseKeyError,
  openDatabaseKey,
  rewrapDatabaseKey,
} from '../../src/server/db/encryption/database-key.js';
import { encryptPlainRows } from '../../src/server/db/encryption/encrypt-plain-rows.js';
import {
  encryptionKeys,
  transcriptLines,
  transcriptions,
  webhookEndpoints,
} from '../../src/server/db/schema.js';
import { indexStaleTranscripts } from '../../src/server/search/search-index.js';
import { masterKeyRing } from '../../src/server/storage/encryption/master-key.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { asUser } from './support/transcripts.js';

const kinds = await databaseKinds();

// Words no other row holds: a dump that shows one shows the transcript.
const LINES = [
  { start: 0, end: 4, text: 'Welcome to the zanzibarquokka review.', speaker: 'Philomena Quist' },
  { start: 4, end: 9, text: 'The marmaladeorbital forecast looks fine.', speaker: 'Speaker 2' },
];
const TEXT = LINES.map((line) => line.text).join(' ');
const ORIGINAL = 'The machine heard tangerinegazebo first.';
const COMMENT = 'Please check quixoticlantern here.';
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const WORDS = [
  'zanzibarquokka',
  'marmaladeorbital',
  'Philomena',
  'tangerinegazebo',
  'quixoticlantern',
  SECRET,
];

/** The newest installed PostgreSQL's pg_dump: the server the tests start is the newest too. */
function findPgDump(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_dump')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin', 'pg_dump');
}

describe.each(kinds)('transcripts encrypted in the database on %s', (kind) => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  const id = randomUUID();

  beforeAll(async () => {
    app = await createTestApp(kind);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /**
   * What a dump of the database shows: `pg_dump` on PostgreSQL where it is installed, else every
   * row of every table as text.
   */
  async function dump(): Promise<string> {
    const { db, driver } = app.database;
    const pgDump = findPgDump();
    if (driver.kind === 'postgres' && pgDump) {
      const result = spawnSync(pgDump, [driver.url], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      return result.stdout;
    }
    const tables = (await db.execute(
      sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { schema: string; name: string }[] };
    const parts: string[] = [];
    for (const table of tables.rows) {
      const rows = (await db.execute(
        sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
      )) as unknown as { rows: { row: string }[] };
      parts.push(...rows.rows.map((row) => row.row));
    }
    return parts.join('\n');
  }

  /** What an earlier version of the server wrote: every value in plain. */
  async function writePlainRows() {
    const { db } = app.database;
    await db.execute(sql`
      INSERT INTO transcriptions (id, user_id, filename, text, segments, original_text,
        original_segments, duration_in_seconds, file_size, status, audio_format, audio_key)
      VALUES (${id}, ${user.userId}, 'Quarterly.wav', ${TEXT}, ${JSON.stringify(LINES)},
        ${ORIGINAL}, ${JSON.stringify([{ start: 0, end: 9, text: ORIGINAL, speaker: 'Speaker 1' }])},
        9, 1000, 'completed', 'wav', ${`${id}.wav`})`);
    await db.execute(sql`
      INSERT INTO transcript_lines (transcription_id, hash, line)
      VALUES (${id}, 'plain-line-hash', ${JSON.stringify(LINES[0])})`);
    await db.execute(sql`
      INSERT INTO transcript_comments (id, transcription_id, segment, author_id, text)
      VALUES (${randomUUID()}, ${id}, 0, ${user.userId}, ${COMMENT})`);
    await db.execute(sql`
      INSERT INTO webhook_endpoints (id, user_id, url, events, secret)
      VALUES (${randomUUID()}, ${user.userId}, 'https://example.com/hook', '["transcription.completed"]'::jsonb, ${SECRET})`);
  }

  async function get<T>(url: string): Promise<T> {
    const response = await app.server.inject({ url, headers: asUser(user.cookie) });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  }

  const search = (query: string, speaker?: string) =>
    get<SearchHitDto[]>(
      `/api/search?q=${encodeURIComponent(query)}` +
        (speaker ? `&speaker=${encodeURIComponent(speaker)}` : ''),
    );

  it('a dump shows the words of rows written in plain, and none once the sweep encrypted them', async () => {
    await writePlainRows();
    const before = await dump();
    for (const word of WORDS) expect(before, word).toContain(word);

    // The sweep every start runs (it may have begun before these rows were written).
    await encryptPlainRows(app.database.db, () => false);
    await indexStaleTranscripts(app.database.db, undefined);
    const after = await dump();
    for (const word of WORDS) expect(after, word).not.toContain(word);
    // Only file names stay plain (docs/decisions/0090).
    expect(after).toContain('Quarterly.wav');
    // Run again, it finds nothing left to do.
    expect(await encryptPlainRows(app.database.db, () => false)).toBe(0);

    // Everything still reads as it was written.
    const transcript = await get<TranscriptionDto>(`/api/transcriptions/${id}`);
    expect(transcript.text).toBe(TEXT);
    expect(transcript.segments.map((segment) => segment.text)).toEqual(
      LINES.map((line) => line.text),
    );
    const comments = await get<CommentDto[]>(`/api/transcriptions/${id}/comments`);
    expect(comments.map((comment) => comment.text)).toEqual([COMMENT]);
    const { db } = app.database;
    const [endpoint] = await db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, user.userId));
    expect(endpoint?.secret).toBe(SECRET);
    const lines = await db
      .select({ line: transcriptLines.line })
      .from(transcriptLines)
      .where(eq(transcriptLines.transcriptionId, id));
    expect(lines.map((row) => row.line)).toEqual([LINES[0]]);
    const [original] = await db
      .select({ text: transcriptions.originalText })
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    expect(original?.text).toBe(ORIGINAL);
  });

  it('searches the keyed index: words, prefixes, long prefixes, speaker names, snippets', async () => {
    const [found] = await search('zanzibarquokka');
    expect(found?.id).toBe(id);
    expect(found?.snippet).toContain('zanzibarquokka');
    expect(found?.start).toBe(0);
    expect(found?.speakers).toEqual(['Philomena Quist']);
    expect((await search('forecast zanz')).map((hit) => hit.id)).toEqual([id]);
    // Longer than the 12 indexed characters: the index finds the first 12, the app checks the rest.
    expect((await search('marmaladeorbi')).map((hit) => hit.id)).toEqual([id]);
    expect(await search('marmaladeorbx')).toEqual([]);
    expect((await search('forecast', 'philomena quist')).map((hit) => hit.id)).toEqual([id]);
    expect((await search('forecast', 'Speaker 2')).map((hit) => hit.id)).toEqual([id]);
    expect(await search('forecast', 'Speaker 3')).toEqual([]);
    expect(await search('forecast', 'Philomena Other')).toEqual([]);
    // The file name, weighted above the text, is in the index too.
    expect((await search('quarterly')).map((hit) => hit.id)).toEqual([id]);
  });

  it('refuses a master key that does not open the database key, changing nothing', async () => {
    const { db } = app.database;
    const stored = await db.select().from(encryptionKeys);
    await expect(openDatabaseKey(db, [randomBytes(32)])).rejects.toThrow(DatabaseKeyError);
    await expect(openDatabaseKey(db, [randomBytes(32)])).rejects.toThrow(
      /does not open this database.*nothing was changed/s,
    );
    expect(await db.select().from(encryptionKeys)).toEqual(stored);
  });

  it('rotate-key re-wraps the database key; the new key alone opens it, and everything reads', async () => {
    const { db } = app.database;
    const [current] = masterKeyRing(app.config.encryption);
    if (!current) throw new Error('the test app has a master key');
    const dataKey = await openDatabaseKey(db, [current]);
    const next = randomBytes(32);
    expect(await rewrapDatabaseKey(db, current, next)).toBe('rewrapped');
    expect(await rewrapDatabaseKey(db, current, next)).toBe('already');
    await expect(openDatabaseKey(db, [current])).rejects.toThrow(DatabaseKeyError);
    expect((await openDatabaseKey(db, [next])).equals(dataKey)).toBe(true);

    // Online: a start with the new key and the previous one re-wraps it at once.
    const latest = randomBytes(32);
    expect((await openDatabaseKey(db, [latest, next])).equals(dataKey)).toBe(true);
    expect((await openDatabaseKey(db, [latest])).equals(dataKey)).toBe(true);

    expect((await get<TranscriptionDto>(`/api/transcriptions/${id}`)).text).toBe(TEXT);
    expect((await search('zanzibarquokka')).map((hit) => hit.id)).toEqual([id]);
    // Back to the app's own key, for its close.
    expect(await rewrapDatabaseKey(db, latest, current)).toBe('rewrapped');
  });

  it('two processes starting at once on a database without a key keep the same one', async () => {
    const { db } = app.database;
    const [current] = masterKeyRing(app.config.encryption);
    if (!current) throw new Error('the test app has a master key');
    // Last in this file: the app's rows stay readable in this process, which keeps every key.
    await db.delete(encryptionKeys);
    const [first, second] = await Promise.all([
      openDatabaseKey(db, [current]),
      openDatabaseKey(db, [current]),
    ]);
    expect(first.equals(second)).toBe(true);
    expect(await db.select().from(encryptionKeys)).toHaveLength(1);
  });
});
