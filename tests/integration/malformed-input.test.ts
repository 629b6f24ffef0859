import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { insertTranscript } from './support/transcripts.js';

const kinds = await databaseKinds();

describe.each(kinds)('malformed input on %s gets a 400 that says why', (kind) => {
  let app: TestApp;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    ({ cookie, userId } = await signUp(app));
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

  it('a body or query of the wrong shape: refused by its schema, in the words users know', async () => {
    const { id } = await insertTranscript(app, userId, { withoutAudio: true });
    const refused = async (request: InjectOptions, message: string) => {
      const response = await app.server.inject({
        ...request,
        headers: { ...SAME_ORIGIN, cookie },
      });
      const name = `${request.method ?? 'GET'} ${String(request.url)}`;
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ message: string }>(), name).toEqual({ message });
    };
    const edit = (payload: object) => ({
      method: 'PATCH' as const,
      url: `/api/transcriptions/${id}`,
      payload,
    });

    await refused(
      { url: '/api/transcriptions?limit=ten' },
      'limit must be a whole number from 1 to 100.',
    );
    await refused(
      { url: '/api/transcriptions?sort=size' },
      'sort must be one of newest, oldest, name, duration.',
    );
    await refused(
      { url: `/api/download/${id}?format=exe` },
      'format must be one of txt, srt, vtt, docx, pdf, json, md.',
    );
    await refused(
      { url: `/api/download/${id}?version=first` },
      'version must be "original" (or left out for the current transcript).',
    );
    await refused({ url: '/api/search?q=a&q=b' }, 'Send one q parameter.');
    await refused(edit([]), 'Invalid edit. Invalid input: expected object, received array');
    await refused(
      edit({ segments: [{ start: 0, end: 1 }] }),
      'Invalid edit. segments.0.text: Invalid input: expected string, received undefined',
    );
    await refused(edit({ filename: 'x', owner: 'me' }), 'Invalid edit. Unrecognized key: "owner"');
    await refused(
      edit({ filename: 'x', version: 0 }),
      'Invalid edit. version: Too small: expected number to be >0',
    );
    // Past what the version column holds: a 400 like any other bad version, not a 500.
    await refused(
      edit({ filename: 'x', version: 1e12 }),
      'Invalid edit. version: Too big: expected number to be <=999999999',
    );
    await refused(
      {
        method: 'POST',
        url: `/api/transcriptions/${id}/retranscribe`,
        payload: { wholeFile: 'yes' },
      },
      'Send no body, or { "wholeFile": true }.',
    );
    await refused(
      { method: 'PUT', url: '/api/account/email-preferences', payload: { transcriptReady: 'yes' } },
      'Send { "transcriptReady": true } or false.',
    );
    await refused(
      {
        method: 'POST',
        url: '/api/update-subscription-status',
        payload: { subscriptionId: 'sub 1' },
      },
      'A subscriptionId is required',
    );
    await refused(
      { method: 'POST', url: '/api/keys', payload: { name: ' ' } },
      'Give the key a name of 1 to 100 characters.',
    );
    await refused(
      { method: 'DELETE', url: '/api/account', payload: { confirm: false } },
      'Confirm the deletion with { "confirm": true }',
    );
    const contact = {
      name: 'A',
      email: 'a@example.com',
      subject: 'Hello',
      message: 'Hello there.',
    };
    await refused(
      { method: 'POST', url: '/api/contact', payload: contact },
      'Name must be at least 2 characters.',
    );

    // None of them reached a handler: the transcript is as it was, and not queued again.
    const read = await app.server.inject({ url: `/api/transcriptions/${id}`, headers: { cookie } });
    expect(read.json()).toMatchObject({ status: 'completed', version: 1 });
  });

  it('no body where one is optional or may be empty: as before', async () => {
    const { id } = await insertTranscript(app, userId, { withoutAudio: true });
    const edit = await app.server.inject({
      method: 'PATCH',
      url: `/api/transcriptions/${id}`,
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({
      message: 'Nothing to change: send a filename, segments or speakers.',
    });
    const again = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/retranscribe`,
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(again.statusCode).toBe(202);
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
