import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDeletedDto } from '../../src/core/api/transcription-trash.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import { transcriptions, user as users } from '../../src/server/db/schema.js';
import { purgeDeletedTranscriptions } from '../../src/server/transcriptions/trash/purge-deleted-transcriptions.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('deleting with undo, and deleting the account, on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const request = (
    cookie: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.server.inject({ method, url, headers: asUser(cookie), ...(payload ? { payload } : {}) });
  const storageBytes = async (cookie: string) =>
    (await request(cookie, 'GET', '/api/usage')).json<UsageDto>().storageBytes;
  const listedIds = async (cookie: string) =>
    (await request(cookie, 'GET', '/api/transcriptions'))
      .json<Array<{ id: string }>>()
      .map((item) => item.id);

  it('a deleted transcript is gone at once everywhere, comes back with undo, and is purged after its window', async () => {
    const owner = await signUp(app);
    const { id, audioBytes } = await insertTranscript(app, owner.userId);
    const shared = await request(owner.cookie, 'POST', `/api/transcriptions/${id}/share`);
    const { token } = shared.json<{ token: string }>();
    expect((await app.server.inject({ url: `/api/shared/${token}` })).statusCode).toBe(200);
    expect(await storageBytes(owner.cookie)).toBe(audioBytes);

    const deleted = await request(owner.cookie, 'DELETE', `/api/transcriptions/${id}`);
    expect(deleted.statusCode).toBe(200);
    const { restorableUntil } = deleted.json<TranscriptionDeletedDto>();
    expect(Date.parse(restorableUntil)).toBeGreaterThan(Date.now());
    expect(await listedIds(owner.cookie)).toEqual([]);
    expect((await request(owner.cookie, 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(404);
    expect((await request(owner.cookie, 'GET', '/api/search?q=budget')).json()).toEqual([]);
    expect((await app.server.inject({ url: `/api/shared/${token}` })).statusCode).toBe(404);
    expect(await storageBytes(owner.cookie)).toBe(0);

    // Someone else cannot undo it.
    const other = await signUp(app);
    expect(
      (await request(other.cookie, 'POST', `/api/transcriptions/${id}/restore`)).statusCode,
    ).toBe(404);
    expect((await request(other.cookie, 'DELETE', `/api/transcriptions/${id}`)).statusCode).toBe(
      404,
    );

    // Undo: everything as it was, its link too.
    const undone = await request(owner.cookie, 'POST', `/api/transcriptions/${id}/restore`);
    expect(undone.statusCode).toBe(200);
    expect(await listedIds(owner.cookie)).toEqual([id]);
    expect((await app.server.inject({ url: `/api/shared/${token}` })).statusCode).toBe(200);
    expect(await storageBytes(owner.cookie)).toBe(audioBytes);
    expect((await request(owner.cookie, 'GET', `/api/transcriptions/${id}/audio`)).statusCode).toBe(
      200,
    );

    // Deleted again and left past its window: the sweep deletes row and audio for good.
    expect((await request(owner.cookie, 'DELETE', `/api/transcriptions/${id}`)).statusCode).toBe(
      200,
    );
    await app.database.db
      .update(transcriptions)
      .set({ deletedAt: new Date(Date.now() - 5 * 60 * 1000) })
      .where(eq(transcriptions.id, id));
    expect(
      (await request(owner.cookie, 'POST', `/api/transcriptions/${id}/restore`)).statusCode,
    ).toBe(404);
    expect(await purgeDeletedTranscriptions(app.database.db, app.storage)).toBe(1);
    const rows = await app.database.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    expect(rows).toEqual([]);
    await expect(app.storage.size(`${id}.wav`)).rejects.toThrow();
  });

  it('a transcript still being transcribed stops when deleted, and comes back cancelled', async () => {
    const owner = await signUp(app);
    const { id } = await insertTranscript(app, owner.userId, {
      status: 'processing',
      withoutAudio: true,
    });
    expect((await request(owner.cookie, 'DELETE', `/api/transcriptions/${id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await request(owner.cookie, 'POST', `/api/transcriptions/${id}/restore`)).statusCode,
    ).toBe(200);
    const back = (await request(owner.cookie, 'GET', `/api/transcriptions/${id}`)).json<{
      status: string;
    }>();
    expect(back.status).toBe('cancelled');
  });

  it('the account is deleted only with its password: without or with a wrong one nothing changes', async () => {
    const owner = await signUp(app, { name: 'Careful Owner' });
    const { id } = await insertTranscript(app, owner.userId);

    const without = await request(owner.cookie, 'DELETE', '/api/account', { confirm: true });
    expect(without.statusCode).toBe(400);
    expect(without.json<{ message: string }>().message).toBe(
      'Enter your password to delete your account.',
    );
    const wrong = await request(owner.cookie, 'DELETE', '/api/account', {
      confirm: true,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<{ message: string }>().message).toBe(
      'That password is not right, so your account was not deleted.',
    );
    // Nothing changed: still signed in, the transcript and the name are there.
    expect((await request(owner.cookie, 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row).toMatchObject({ name: 'Careful Owner', email: owner.email });

    const right = await request(owner.cookie, 'DELETE', '/api/account', {
      confirm: true,
      password: owner.password,
    });
    expect(right.statusCode).toBe(200);
    expect((await request(owner.cookie, 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(401);
  });
  it('after five wrong passwords deleting is refused for 15 minutes, even with the right one; other accounts are not held back', async () => {
    const owner = await signUp(app, { name: 'Guessed Owner' });
    const other = await signUp(app, { name: 'Other Owner' });
    const attempt = (cookie: string, password: string) =>
      request(cookie, 'DELETE', '/api/account', { confirm: true, password });
    for (let wrong = 1; wrong <= 5; wrong += 1)
      expect((await attempt(owner.cookie, `guess ${wrong}`)).statusCode).toBe(403);

    const held = await attempt(owner.cookie, owner.password);
    expect(held.statusCode).toBe(429);
    expect(held.json<{ message: string }>().message).toBe(
      'Too many wrong passwords. Try again in 15 minutes; your account was not deleted.',
    );
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await request(owner.cookie, 'GET', '/api/usage')).statusCode).toBe(200);

    // Another account's wrong password and deletion are its own business.
    expect((await attempt(other.cookie, 'a typo')).statusCode).toBe(403);
    expect((await attempt(other.cookie, other.password)).statusCode).toBe(200);
  });
});
