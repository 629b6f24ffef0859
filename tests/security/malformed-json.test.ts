import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptions } from '../../src/server/db/schema.js';
import { SAME_ORIGIN, signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { asUser, insertTranscript, SAMPLE_SEGMENTS } from '../integration/support/transcripts.js';

const kinds = await databaseKinds();

const JSON_HEADERS = { ...SAME_ORIGIN, 'content-type': 'application/json' };
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(kinds)('JSON bodies the server cannot store or walk, on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it('JSON nested thousands deep is a 400 on any JSON route, signed in or not', async () => {
    const user = await signUp(app);
    const { id } = await insertTranscript(app, user.userId, { withoutAudio: true });
    const routes = [
      { method: 'POST' as const, url: '/api/contact', headers: JSON_HEADERS },
      { method: 'POST' as const, url: '/api/identity/sign-in/email', headers: JSON_HEADERS },
      {
        method: 'PATCH' as const,
        url: `/api/transcriptions/${id}`,
        headers: asUser(user.cookie, { 'content-type': 'application/json' }),
      },
    ];
    for (const route of routes) {
      for (const payload of [nested(5_000), `{"name":${nested(5_000)}}`]) {
        const response = await app.server.inject({ ...route, payload });
        expect(response.statusCode, route.url).toBe(400);
        expect(response.json<{ message: string }>().message, route.url).toMatch(
          /nested too deeply/,
        );
      }
    }
  });

  it('JSON nested as deep as real requests go is still read', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: JSON_HEADERS,
      payload: `{"name":${nested(20)}}`,
    });
    // Read, then refused by the form's schema: not by the nesting.
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).not.toMatch(/nested too deeply/);
  });

  it('a lone surrogate in an edited segment is a 400 and the transcript is unchanged', async () => {
    const user = await signUp(app);
    const { id } = await insertTranscript(app, user.userId, { withoutAudio: true });
    const segments = [{ ...SAMPLE_SEGMENTS[0], text: 'Broken \ud800 text' }];
    const response = await app.server.inject({
      method: 'PATCH',
      url: `/api/transcriptions/${id}`,
      headers: asUser(user.cookie, { 'content-type': 'application/json' }),
      // As a client sends it: JSON.stringify writes the lone surrogate as the escape \ud800.
      payload: JSON.stringify({ segments }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/lone surrogate/);
    const [row] = await app.database.db
      .select({ segments: transcriptions.segments, version: transcriptions.version })
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    expect(row).toEqual({ segments: SAMPLE_SEGMENTS, version: 1 });
  });

  it('a lone surrogate is a 400 without signing in too, and a whole pair is fine', async () => {
    const message = (name: string) =>
      JSON.stringify({
        name,
        email: 'ada@example.com',
        subject: 'A question',
        message: 'Hello there, a question.',
      });
    const refused = await app.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: JSON_HEADERS,
      payload: message('Ada \udc00'),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/lone surrogate/);
    const accepted = await app.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: JSON_HEADERS,
      payload: message('Ada 😀'),
    });
    expect(accepted.statusCode).not.toBe(400);
  });
});
