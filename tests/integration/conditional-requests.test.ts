import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptions } from '../../src/server/db/schema.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The ETag logic does not depend on the database: one kind keeps the suite lean.
let app: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  app = await createTestApp('pglite');
  ({ cookie, userId } = await signUp(app));
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, ifNoneMatch?: string) =>
  app.server.inject({
    url,
    headers: { cookie, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
  });

async function etagOf(url: string): Promise<string> {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-cache');
  const etag = response.headers.etag;
  expect(typeof etag).toBe('string');
  return String(etag);
}

describe('what the pages poll answers 304 while it has not changed', () => {
  it.each(['/api/auth/status', '/api/auth/user', '/api/usage', '/api/transcriptions'])(
    '%s: the same answer is Not Modified, without a body',
    async (url) => {
      const etag = await etagOf(url);
      const again = await get(url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it('a new transcript changes the list, its detail and the usage: full answers again', async () => {
    const listTag = await etagOf('/api/transcriptions');
    const usageTag = await etagOf('/api/usage');
    const id = randomUUID();
    await app.database.db.insert(transcriptions).values({
      id,
      userId,
      filename: 'new.wav',
      durationInSeconds: 3,
      fileSize: 1000,
      audioFormat: 'wav',
      audioKey: `${id}.wav`,
    });
    const list = await get('/api/transcriptions', listTag);
    expect(list.statusCode).toBe(200);
    expect(list.json<Array<{ id: string }>>().map((item) => item.id)).toEqual([id]);
    expect((await get('/api/usage', usageTag)).statusCode).toBe(200);

    const detailTag = await etagOf(`/api/transcriptions/${id}`);
    expect((await get(`/api/transcriptions/${id}`, detailTag)).statusCode).toBe(304);
    await app.database.db
      .update(transcriptions)
      .set({ status: 'processing', progress: 40 })
      .where(eq(transcriptions.id, id));
    const detail = await get(`/api/transcriptions/${id}`, detailTag);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ progress: number }>().progress).toBe(40);
  });

  it('a changed name is a full answer from /api/auth/user', async () => {
    const etag = await etagOf('/api/auth/user');
    const update = await app.server.inject({
      method: 'POST',
      url: '/api/identity/update-user',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { name: 'Renamed' },
    });
    expect(update.statusCode).toBe(200);
    const user = await get('/api/auth/user', etag);
    expect(user.statusCode).toBe(200);
    expect(user.json<{ username: string }>().username).toBe('Renamed');
  });
});
