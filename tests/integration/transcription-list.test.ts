import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionListItemDto } from '../../src/core/api/transcriptions.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('the transcription list on %s', (kind) => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  const ids: string[] = [];
  const sameMoment = new Date('2026-03-01T10:00:00.123Z');

  beforeAll(async () => {
    app = await createTestApp(kind);
    user = await signUp(app);
    // 23 items: names and durations repeat and four share one creation time, so ties matter.
    for (let index = 0; index < 23; index += 1) {
      const { id } = await insertTranscript(app, user.userId, {
        filename: `${index % 3 === 0 ? 'alpha' : index % 3 === 1 ? 'Beta' : 'gamma'} ${index % 5}.wav`,
        durationInSeconds: 10 + (index % 4),
        createdAt: index < 4 ? sameMoment : new Date(Date.UTC(2026, 2, 2, 0, index)),
        withoutAudio: true,
      });
      ids.push(id);
    }
    const other = await signUp(app);
    await insertTranscript(app, other.userId, { filename: 'alpha other.wav', withoutAudio: true });
  });
  afterAll(async () => {
    await app.close();
  });

  async function page(query: string) {
    const response = await app.server.inject({
      url: `/api/transcriptions${query}`,
      headers: asUser(user.cookie),
    });
    return response;
  }

  async function walk(sort: string, limit: number) {
    const seen: TranscriptionListItemDto[] = [];
    let query = `?limit=${limit}&sort=${sort}`;
    for (let pages = 0; pages < 50; pages += 1) {
      const response = await page(query);
      expect(response.statusCode).toBe(200);
      seen.push(...response.json<TranscriptionListItemDto[]>());
      const cursor = response.headers['x-next-cursor'];
      if (cursor === undefined) {
        expect(response.headers.link).toBeUndefined();
        return seen;
      }
      const link = String(response.headers.link);
      expect(link).toMatch(/^<\/api\/transcriptions\?.*>; rel="next"$/);
      query = link.slice(link.indexOf('?'), link.indexOf('>'));
      expect(new URLSearchParams(query).get('before')).toBe(cursor);
    }
    throw new Error('the cursor never ended');
  }

  it('sends items without segments or the whole text, newest first, 50 by default', async () => {
    const response = await page('');
    const items = response.json<Array<Record<string, unknown>>>();
    expect(items).toHaveLength(23);
    expect(response.headers['x-next-cursor']).toBeUndefined();
    for (const item of items) {
      expect(item).not.toHaveProperty('segments');
      expect(Object.keys(item).sort()).toEqual(
        [
          'id',
          'filename',
          'excerpt',
          'createdAt',
          'durationInSeconds',
          'fileSize',
          'isTruncated',
          'status',
          'progress',
          'error',
          'language',
          'languageAssumed',
          'task',
          'engine',
          'model',
          'teamId',
          'access',
          'uploader',
          'isEdited',
        ].sort(),
      );
    }
    expect(items[0]?.id).toBe(ids[22]);
  });

  it('walks every item exactly once in each sort, in order', async () => {
    for (const [sort, limit] of [
      ['newest', 2],
      ['oldest', 3],
      ['name', 4],
      ['duration', 5],
    ] as const) {
      const items = await walk(sort, limit);
      expect(items.map((item) => item.id).sort(), sort).toEqual([...ids].sort());
      const keys = items.map((item) =>
        sort === 'name'
          ? item.filename.toLowerCase()
          : sort === 'duration'
            ? -item.durationInSeconds
            : sort === 'newest'
              ? -Date.parse(item.createdAt)
              : Date.parse(item.createdAt),
      );
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys, sort).toEqual(sorted);
    }
  });

  it('takes an ISO date as "before" with the newest-first order', async () => {
    const response = await page('?before=2026-03-02T00:05:00Z');
    const items = response.json<TranscriptionListItemDto[]>();
    expect(
      items.every((item) => Date.parse(item.createdAt) < Date.parse('2026-03-02T00:05:00Z')),
    ).toBe(true);
    // Minutes 4 and earlier on March 2 (index 4) plus the four of March 1.
    expect(items).toHaveLength(5);
  });

  it('answers 400 with a message to bad paging parameters', async () => {
    for (const [query, message] of [
      ['?limit=0', /limit must be a whole number from 1 to 100/],
      ['?limit=101', /limit must be a whole number from 1 to 100/],
      ['?limit=ten', /limit must be a whole number/],
      ['?sort=size', /sort must be one of newest, oldest, name, duration/],
      ['?before=not-a-cursor', /cursor in "before" is not valid/],
      ['?sort=name&before=2026-03-01', /only works with sort=newest/],
    ] as const) {
      const response = await page(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const nameCursor = (await page('?sort=name&limit=1')).headers['x-next-cursor'];
    const mixed = await page(`?sort=duration&before=${String(nameCursor)}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json<{ message: string }>().message).toMatch(/belongs to sort=name/);
  });

  // PGlite plans the same SQL, but its tiny defaults make a plan check meaningless there.
  if (kind === 'postgres') {
    it('pages through an index, not a sort of every row', async () => {
      const { transcriptions } = await import('../../src/server/db/schema.js');
      const { sql } = await import('drizzle-orm');
      // Enough rows that the planner prefers the index to reading the table.
      const many = Array.from({ length: 2000 }, (_, index) => ({
        id: `bulk-${index}`,
        userId: user.userId,
        filename: `bulk ${index}.wav`,
        durationInSeconds: index,
        fileSize: 1,
        audioFormat: 'wav',
        audioKey: `bulk-${index}.wav`,
      }));
      const db = app.database.db;
      await db.insert(transcriptions).values(many);
      await db.execute(sql`ANALYZE transcriptions`);
      try {
        for (const [order, where] of [
          ['created_at DESC, id DESC', `(created_at, id) < (now(), 'x')`],
          ['lower(filename), id', `(lower(filename), id) > ('b', 'x')`],
          ['duration_in_seconds DESC, id DESC', `(duration_in_seconds, id) < (100, 'x')`],
        ]) {
          const plan = await db.execute(
            sql.raw(
              `EXPLAIN SELECT id FROM transcriptions WHERE user_id = '${user.userId}' AND ${where} ORDER BY ${order} LIMIT 51`,
            ),
          );
          const text = JSON.stringify(plan);
          expect(text, order).toMatch(/Index (Only )?Scan/);
          expect(text, order).not.toMatch(/Sort/);
        }
      } finally {
        await db.delete(transcriptions).where(sql`${transcriptions.id} like 'bulk-%'`);
      }
    });
  }
});
