import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('malformed input on %s gets a 400 that says why', (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    ({ cookie } = await signUp(app));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a NUL (%00) in an id', async () => {
    for (const url of [
      '/api/transcriptions/abc%00def',
      '/api/transcriptions/abc%00def/audio',
      '/api/download/abc%00def?format=txt',
      '/api/search?q=a%00b',
    ]) {
      const response = await app.server.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message, url).toMatch(/NUL character/);
    }
  });

  it('a NUL in the contact form', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: SAME_ORIGIN,
      payload: {
        name: 'Ada\u0000',
        email: 'ada@example.com',
        subject: 'A question',
        message: 'Hello there, a question.',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/NUL character/);
  });

  const multipart = (contentType: string, payload: string) =>
    app.server.inject({
      method: 'POST',
      url: '/api/transcriptions',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': contentType },
      payload,
    });

  it('a truncated multipart body', async () => {
    const response = await multipart(
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/incomplete|malformed/i);
  });

  it('a multipart body with an empty boundary', async () => {
    const response = await multipart('multipart/form-data; boundary=', '--\r\n\r\n--');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/boundary/i);
  });

  it('a multipart body with no boundary at all', async () => {
    const response = await multipart('multipart/form-data', 'hello');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/boundary/i);
  });
});
