import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../../src/core/api/transcription-values.js';
import { MAX_EXPORT_IDS } from '../../src/core/api/zip-exports.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from './support/test-app.js';
import { asUser, insertTranscript, SAMPLE_SEGMENTS } from './support/transcripts.js';
import { unzipArchive, waitForZipExport } from './support/zip-files.js';

const kinds = await databaseKinds();

describe.each(kinds)('bulk ZIP exports on %s', (kind) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let ids: string[];

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await signUp(app);
    stranger = await signUp(app);
    ids = [];
    for (const filename of [
      'Réunion budget.mp3',
      'Réunion budget.wav',
      'réunion BUDGET.m4a',
      'Interview "draft".ogg',
    ]) {
      const { id } = await insertTranscript(app, owner.userId, { filename, withoutAudio: true });
      ids.push(id);
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const start = (payload: Record<string, unknown>, cookie = owner.cookie) =>
    app.server.inject({ method: 'POST', url: '/api/exports', headers: asUser(cookie), payload });

  async function downloadZip(format: string) {
    const started = await start({ ids, format });
    expect(started.statusCode).toBe(202);
    const { id } = started.json<{ id: string }>();
    const ready = await waitForZipExport(app, owner.cookie, `/api/exports/${id}`);
    expect(ready).toMatchObject({ id, status: 'ready', error: null });
    expect(ready.url).toBe(`${TEST_BASE_URL}/api/exports/${id}/download`);
    const response = await app.server.inject({
      url: new URL(ready.url ?? '').pathname,
      headers: asUser(owner.cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Sonoscript transcripts \d{4}-\d\d-\d\d\.zip"/,
    );
    return { id, archive: await unzipArchive(response.rawPayload) };
  }

  it.each(EXPORT_FORMATS)(
    'puts every transcript in a %s file named like its single download, repeats numbered',
    async (format) => {
      const { archive } = await downloadZip(format);
      try {
        expect(archive.names).toEqual([
          `Réunion budget.${format}`,
          `Réunion budget (2).${format}`,
          `réunion BUDGET (3).${format}`,
          `Interview "draft".${format}`,
        ]);
        // Each file is the single download's, byte for byte where the format has no timestamp.
        const single = await app.server.inject({
          url: `/api/download/${ids[0]}?format=${format}`,
          headers: asUser(owner.cookie),
        });
        const inside = await archive.read(archive.names[0] ?? '');
        if (format === 'pdf') expect(inside.subarray(0, 5).toString()).toBe('%PDF-');
        else if (format === 'docx') expect(inside.subarray(0, 2).toString()).toBe('PK');
        else expect(inside.toString('utf8')).toBe(single.body);
        if (format === 'txt')
          expect(inside.toString('utf8')).toBe(SAMPLE_SEGMENTS.map((s) => s.text).join(' '));
      } finally {
        await archive.remove();
      }
    },
  );

  it('answers 404 for another user’s transcription, and changes nothing', async () => {
    const response = await start({ ids: [ids[0]] }, stranger.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: `Transcription not found: ${ids[0]}` });
  });

  it('answers 404 for another user’s export, its state and its download', async () => {
    const started = await start({ ids: [ids[0]], format: 'txt' });
    const { id } = started.json<{ id: string }>();
    await waitForZipExport(app, owner.cookie, `/api/exports/${id}`);
    for (const url of [`/api/exports/${id}`, `/api/exports/${id}/download`]) {
      const response = await app.server.inject({ url, headers: asUser(stranger.cookie) });
      expect(response.statusCode).toBe(404);
    }
    // Nor is a bulk export readable through the account export's routes.
    const crossed = await app.server.inject({
      url: `/api/account/export/${id}`,
      headers: asUser(owner.cookie),
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx that says what is wrong', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{}, 400, /ids/],
      [{ ids: [] }, 400, /1 to 500/],
      [{ ids: 'abc' }, 400, /ids/],
      [{ ids: [ids[0]], format: 'exe' }, 400, /format must be one of txt, srt/],
      [{ ids: Array.from({ length: MAX_EXPORT_IDS + 1 }, (_, i) => `x${i}`) }, 400, /at most 500/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await start(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const signedOut = await app.server.inject({
      method: 'POST',
      url: '/api/exports',
      headers: { origin: new URL(TEST_BASE_URL).origin },
      payload: { ids: [ids[0]] },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('works with an API key too', async () => {
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: asUser(owner.cookie),
      payload: { name: 'Exporter' },
    });
    const key = created.json<{ key: string }>().key;
    const started = await app.server.inject({
      method: 'POST',
      url: '/api/exports',
      headers: { authorization: `Bearer ${key}` },
      payload: { ids: [ids[3]], format: 'srt' },
    });
    expect(started.statusCode).toBe(202);
  });
});
