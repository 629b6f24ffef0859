import { segmentsWithWords } from '../../src/server/speech/engines/segment-words.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLinkDto, SharedTranscriptDto } from '../../src/core/api/sharing.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript, SAMPLE_SEGMENTS } from './support/transcripts.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('share links on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  async function sharedTranscript() {
    const owner = await signUp(app, { name: 'Olga Owner' });
    const { id, audioBytes } = await insertTranscript(app, owner.userId, {
      filename: 'Budget meeting.wav',
    });
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/share`,
      headers: asUser(owner.cookie),
    });
    expect(response.statusCode).toBe(200);
    return { owner, id, audioBytes, link: response.json<ShareLinkDto>() };
  }

  const anonymous = (url: string, headers: Record<string, string> = {}) =>
    app.server.inject({ url, headers });

  it('gives an unguessable link that anyone can read and listen to, without the owner', async () => {
    const { owner, id, audioBytes, link } = await sharedTranscript();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(link.url).toBe(`${TEST_BASE_URL}/s/${link.token}`);

    // Asking again gives the same link; the detail shows it.
    const again = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/share`,
      headers: asUser(owner.cookie),
    });
    expect(again.json<ShareLinkDto>()).toEqual(link);
    const detail = await app.server.inject({
      url: `/api/transcriptions/${id}`,
      headers: asUser(owner.cookie),
    });
    expect(detail.json<TranscriptionDto>().share).toEqual(link);

    const shared = await anonymous(`/api/shared/${link.token}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-robots-tag']).toBe('noindex');
    expect(shared.headers['cache-control']).toBe('private, no-store');
    const body = shared.json<SharedTranscriptDto>();
    expect(body).toEqual({
      filename: 'Budget meeting.wav',
      text: SAMPLE_SEGMENTS.map((segment) => segment.text).join(' '),
      // Stored without words: served with each line's text spread over it.
      segments: segmentsWithWords(SAMPLE_SEGMENTS),
      durationInSeconds: 16,
      language: 'en',
      task: 'transcribe',
    });
    expect(shared.body).not.toContain(owner.email);
    expect(shared.body).not.toContain('Olga');
    expect(shared.body).not.toContain(owner.userId);
    expect(shared.body).not.toContain(id);

    const whole = await anonymous(`/api/shared/${link.token}/audio`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.length).toBe(audioBytes);
    const range = await anonymous(`/api/shared/${link.token}/audio`, { range: 'bytes=0-11' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-11/${audioBytes}`);
    expect(range.rawPayload.toString('latin1')).toBe(
      'RIFF' + range.rawPayload.subarray(4, 8).toString('latin1') + 'WAVE',
    );
    const beyond = await anonymous(`/api/shared/${link.token}/audio`, {
      range: `bytes=${audioBytes + 10}-`,
    });
    expect(beyond.statusCode).toBe(416);

    const page = await anonymous(`/s/${link.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('ends the link when revoked: 404 for the page data and the audio', async () => {
    const { owner, id, link } = await sharedTranscript();
    const revoke = await app.server.inject({
      method: 'DELETE',
      url: `/api/transcriptions/${id}/share`,
      headers: asUser(owner.cookie),
    });
    expect(revoke.statusCode).toBe(200);
    for (const url of [`/api/shared/${link.token}`, `/api/shared/${link.token}/audio`]) {
      const response = await anonymous(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(
        'This shared link does not exist or was turned off.',
      );
    }
    const detail = await app.server.inject({
      url: `/api/transcriptions/${id}`,
      headers: asUser(owner.cookie),
    });
    expect(detail.json<TranscriptionDto>().share).toBeNull();
    // Sharing again makes a new link; the old one stays dead.
    const renewed = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/share`,
      headers: asUser(owner.cookie),
    });
    expect(renewed.json<ShareLinkDto>().token).not.toBe(link.token);
    expect((await anonymous(`/api/shared/${link.token}`)).statusCode).toBe(404);
  });

  it('ends the link when the transcript is deleted', async () => {
    const { owner, id, link } = await sharedTranscript();
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: `/api/transcriptions/${id}`,
      headers: asUser(owner.cookie),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await anonymous(`/api/shared/${link.token}`)).statusCode).toBe(404);
    expect((await anonymous(`/api/shared/${link.token}/audio`)).statusCode).toBe(404);
  });

  it('ends the link when the account is deleted', async () => {
    const { owner, link } = await sharedTranscript();
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: asUser(owner.cookie),
      payload: { confirm: true, password: 'correct horse battery' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await anonymous(`/api/shared/${link.token}`)).statusCode).toBe(404);
  });

  it("answers 404 to another user's share and revoke, and to unknown tokens", async () => {
    const { id, link } = await sharedTranscript();
    const stranger = await signUp(app);
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await app.server.inject({
        method,
        url: `/api/transcriptions/${id}/share`,
        headers: asUser(stranger.cookie),
      });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await anonymous(`/api/shared/${link.token}`)).statusCode).toBe(200);
    for (const token of ['x'.repeat(32), 'nope', "' or 1=1 --", 'a'.repeat(90)]) {
      const response = await anonymous(`/api/shared/${encodeURIComponent(token)}`);
      expect(response.statusCode, token).toBe(404);
    }
    const unauthenticated = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/share`,
      headers: { origin: TEST_BASE_URL },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('shares only completed transcripts', async () => {
    const owner = await signUp(app);
    const { id } = await insertTranscript(app, owner.userId, {
      status: 'queued',
      withoutAudio: true,
    });
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/share`,
      headers: asUser(owner.cookie),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      'Only a completed transcript can be shared.',
    );
  });

  it('gives the reader each line with its speaker', async () => {
    const owner = await signUp(app);
    const segments = [
      { start: 0, end: 3, text: 'How did it start?', speaker: 'Maria Kowalski' },
      { start: 3, end: 7, text: 'With a letter.', speaker: 'Speaker 2' },
    ];
    const { id } = await insertTranscript(app, owner.userId, { segments, withoutAudio: true });
    const link = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/share`,
      headers: asUser(owner.cookie),
    });
    const shared = await anonymous(`/api/shared/${link.json<ShareLinkDto>().token}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json<SharedTranscriptDto>().segments).toEqual(segmentsWithWords(segments));
  });
});
