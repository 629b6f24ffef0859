import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginalTranscriptDto, TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import {
  asUser,
  insertTranscript,
  patchTranscript,
  readTranscript,
  SAMPLE_SEGMENTS,
} from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('editing a transcript on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  async function owner() {
    const user = await signUp(app);
    const { id } = await insertTranscript(app, user.userId, { withoutAudio: true });
    return { ...user, id };
  }

  const patch = (cookie: string, id: string, payload: unknown, headers = {}) =>
    patchTranscript(app, cookie, id, payload, headers);
  const read = (cookie: string, id: string) => readTranscript(app, cookie, id);
  /** Whether the library's list, and a search, say the transcript holds corrections. */
  const listedAsEdited = async (cookie: string, id: string) => {
    const list = await app.server.inject({ url: '/api/transcriptions', headers: asUser(cookie) });
    const search = await app.server.inject({
      url: '/api/search?q=budget',
      headers: asUser(cookie),
    });
    const find = (items: Array<{ id: string; isEdited: boolean }>) =>
      items.find((item) => item.id === id)?.isEdited;
    return { list: find(list.json()), search: find(search.json()) };
  };

  it('saves edited segments, rebuilds the text, counts the version and keeps the original', async () => {
    const { cookie, id } = await owner();
    const before = await read(cookie, id);
    expect(before).toMatchObject({ version: 1, isEdited: false, share: null });
    expect(await listedAsEdited(cookie, id)).toEqual({ list: false, search: false });

    const edited = [
      { start: 0, end: 4.2, text: '  Welcome to the quarterly budget review. ' },
      ...SAMPLE_SEGMENTS.slice(1),
    ];
    const response = await patch(cookie, id, { segments: edited, version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    const saved = response.json<TranscriptionDto>();
    expect(saved.version).toBe(2);
    expect(saved.isEdited).toBe(true);
    expect(saved.segments[0]?.text).toBe('Welcome to the quarterly budget review.');
    expect(saved.text).toBe(
      'Welcome to the quarterly budget review. Maria will present the forecast for the northern region. After that we discuss hiring and the new office lease.',
    );
    expect(await read(cookie, id)).toMatchObject({ version: 2, text: saved.text });
    expect(await listedAsEdited(cookie, id)).toEqual({ list: true, search: true });

    const original = await app.server.inject({
      url: `/api/transcriptions/${id}/original`,
      headers: asUser(cookie),
    });
    expect(original.json<OriginalTranscriptDto>()).toMatchObject({
      text: SAMPLE_SEGMENTS.map((segment) => segment.text).join(' '),
      segments: SAMPLE_SEGMENTS,
    });

    // A second edit does not replace the kept original; restoring is a PATCH with it.
    await patch(cookie, id, { segments: SAMPLE_SEGMENTS.slice(0, 1) }, { 'if-match': '"2"' });
    expect(await listedAsEdited(cookie, id)).toEqual({ list: true, search: true });
    const restored = await patch(cookie, id, { segments: SAMPLE_SEGMENTS });
    expect(restored.json<TranscriptionDto>()).toMatchObject({ version: 4, isEdited: false });
    // Lines back as the machine wrote them: no corrections to lose, whatever the kept original.
    expect(await listedAsEdited(cookie, id)).toEqual({ list: false, search: false });
    const stillOriginal = await app.server.inject({
      url: `/api/transcriptions/${id}/original`,
      headers: asUser(cookie),
    });
    expect(stillOriginal.json<OriginalTranscriptDto>().segments).toMatchObject(SAMPLE_SEGMENTS);
  });

  it('renames a transcript, trimmed', async () => {
    const { cookie, id } = await owner();
    const response = await patch(cookie, id, { filename: '  Board meeting, March  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<TranscriptionDto>()).toMatchObject({
      filename: 'Board meeting, March',
      version: 2,
      isEdited: false,
    });
  });

  it('answers 409 to an edit made on a stale version and keeps the newer edit', async () => {
    const { cookie, id } = await owner();
    const first = await patch(cookie, id, { filename: 'From tab one' }, { 'if-match': '"1"' });
    expect(first.statusCode).toBe(200);
    const stale = await patch(cookie, id, { filename: 'From tab two', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/changed elsewhere.*version 2/);
    const staleHeader = await patch(cookie, id, { filename: 'Tab two' }, { 'if-match': '"1"' });
    expect(staleHeader.statusCode).toBe(409);
    expect(await read(cookie, id)).toMatchObject({ filename: 'From tab one', version: 2 });

    // Scripts that name no version edit the latest.
    const latest = await patch(cookie, id, { filename: 'From a script' });
    expect(latest.json<TranscriptionDto>()).toMatchObject({
      filename: 'From a script',
      version: 3,
    });
  });

  it('lets exactly one of two concurrent edits of the same version through', async () => {
    const { cookie, id } = await owner();
    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) => patch(cookie, id, { filename: name, version: 1 })),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await read(cookie, id)).version).toBe(2);
  });

  it('refuses bad edits with a clear 400 and changes nothing', async () => {
    const { cookie, id } = await owner();
    const segment = (start: number, end: number, text = 'words') => ({ start, end, text });
    const cases: Array<[unknown, RegExp, Record<string, string>?]> = [
      [{}, /Nothing to change/],
      [{ filename: '   ' }, /cannot be empty/],
      [{ filename: 'x'.repeat(201) }, /too long/],
      [{ filename: 'two\nlines' }, /line breaks/],
      [{ segments: [segment(5, 2)] }, /Segment 1: start must not be after its end/],
      [{ segments: [segment(5, 6), segment(1, 2)] }, /Segment 2: .*in order/],
      [{ segments: [segment(-1, 2)] }, /Segment 1: start and end must be seconds/],
      [{ segments: [segment(10, 99)] }, /Segment 1: ends at 99 s, after the end of the audio/],
      [{ segments: [segment(0, 1, 'x'.repeat(5001))] }, /too long/],
      [{ segments: [{ start: 0, end: 1 }] }, /segments\.0\.text/],
      [{ segments: 'all of it' }, /segments/],
      [{ segments: SAMPLE_SEGMENTS, owner: 'me' }, /Invalid edit/],
      [{ filename: 'ok', version: 0 }, /version/],
      [{ filename: 'ok' }, /If-Match/, { 'if-match': 'yesterday' }],
      [{ filename: 'ok', version: 1 }, /different versions/, { 'if-match': '"2"' }],
    ];
    for (const [payload, message, headers] of cases) {
      const response = await patch(cookie, id, payload, headers);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await read(cookie, id)).toMatchObject({
      version: 1,
      filename: 'Budget meeting.wav',
      segments: SAMPLE_SEGMENTS,
      isEdited: false,
    });
  });

  it('only edits completed transcripts', async () => {
    const user = await signUp(app);
    const { id } = await insertTranscript(app, user.userId, {
      status: 'processing',
      withoutAudio: true,
    });
    const response = await patch(user.cookie, id, { filename: 'Renamed' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      'Only a completed transcript can be edited.',
    );
  });

  it("answers 404 to another user's edit and original, and 401 without a session", async () => {
    const { cookie, id } = await owner();
    const stranger = await signUp(app);
    const edit = await patch(stranger.cookie, id, { filename: 'Mine now' });
    expect(edit.statusCode).toBe(404);
    const original = await app.server.inject({
      url: `/api/transcriptions/${id}/original`,
      headers: asUser(stranger.cookie),
    });
    expect(original.statusCode).toBe(404);
    const anonymous = await app.server.inject({
      method: 'PATCH',
      url: `/api/transcriptions/${id}`,
      headers: { origin: 'http://localhost:3000' },
      payload: { filename: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await read(cookie, id)).filename).toBe('Budget meeting.wav');
  });
});
