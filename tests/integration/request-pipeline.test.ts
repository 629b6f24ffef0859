import { hash, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptions } from '../../src/server/db/schema.js';
import { NUL_CHARACTER_REFUSED } from '../../src/server/http/refuse-nul-characters.js';
import { REQUEST_PIPELINE } from '../../src/server/request-pipeline.js';
import { signUp } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The order of the request steps does not depend on the database: one kind keeps the suite lean.
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

describe('the request pipeline', () => {
  it('runs its steps in one pinned order', () => {
    expect(REQUEST_PIPELINE).toEqual([
      'error handler',
      'websocket upgrades',
      'NUL refusal',
      'JSON bodies',
      'OpenAPI',
      'security headers',
      'conditional GET',
      'compression',
      'rate limits',
      'cross-site guard',
      'authentication',
      'multipart bodies',
    ]);
  });

  it('tags a polled JSON read before compressing it: the ETag is the digest of the JSON itself', async () => {
    // Enough transcripts for the list to pass the compression threshold.
    await app.database.db.insert(transcriptions).values(
      Array.from({ length: 12 }, (_, index) => {
        const id = randomUUID();
        return {
          id,
          userId,
          filename: `interview part ${index} with a longer name.wav`,
          durationInSeconds: 3,
          fileSize: 1000,
          audioFormat: 'wav',
          audioKey: `${id}.wav`,
        };
      }),
    );
    const response = await app.server.inject({
      url: '/api/transcriptions',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const json = gunzipSync(response.rawPayload).toString('utf8');
    expect(response.headers.etag).toBe(`W/"${hash('sha1', json, 'base64url')}"`);
  });

  it('tags only the routes that declare it', async () => {
    const status = await app.server.inject({ url: '/api/auth/status', headers: { cookie } });
    expect(status.headers.etag).toMatch(/^W\//);
    const health = await app.server.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.etag).toBeUndefined();
  });

  it('refuses a NUL character before asking who is calling', async () => {
    const response = await app.server.inject({ url: '/api/transcriptions/a%00b' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(NUL_CHARACTER_REFUSED);
  });

  it('refuses a POST from another site before asking who is calling', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/transcriptions',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('tells a signed-in browser and a stranger apart on the optional sign-in routes', async () => {
    const signedIn = await app.server.inject({ url: '/api/auth/status', headers: { cookie } });
    expect(signedIn.json()).toEqual({ isAuthenticated: true });
    const stranger = await app.server.inject({ url: '/api/auth/status' });
    expect(stranger.json()).toEqual({ isAuthenticated: false });
    const login = await app.server.inject({
      url: '/api/login?returnTo=/dashboard',
      headers: { cookie },
    });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/dashboard');
  });
});
