import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import { MESSAGES } from '../../src/core/messages.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  encode,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { uploadThenAsk } from './support/raw-upload.js';
import { databaseKinds } from './support/databases.js';
import { getJson, listen, uploadFile, waitForTranscription } from './support/http.js';
import { purgeAsIfWindowPassed } from './support/purge-deleted.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const COUNTING = 'one two three four five six seven eight nine ten';
const LATE_SENTENCE = 'the weather today is sunny and warm';

let fixtures: { path: string; remove: () => Promise<void> };
let counting: SpeechClip;
let fortyFive: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-transcriptions-');
  counting = await makeSpeechClip(fixtures.path, 'counting', [
    { silence: 0.5 },
    { say: COUNTING },
    { silence: 0.5 },
  ]);
  // Counting within the first 30 s, a different sentence after it: free users must not get the end.
  fortyFive = await makeSpeechClip(fixtures.path, 'forty-five', [
    { say: COUNTING },
    { silence: 29 - 0 },
    { say: LATE_SENTENCE },
    { silence: 8 },
  ]);
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('transcriptions on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '2' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('accepts an upload at once as queued, then transcribes the spoken words', async () => {
    const { cookie } = await signUp(app);
    const mp3 = `${fixtures.path}/counting.mp3`;
    await encode(counting.path, mp3, ['-c:a', 'libmp3lame', '-b:a', '64k']);
    const response = await uploadFile(baseUrl, cookie, mp3, { filename: 'Counting Interview.mp3' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    expect(created).toMatchObject({
      filename: 'Counting Interview.mp3',
      status: 'queued',
      isTruncated: false,
      text: '',
    });
    expect(created.durationInSeconds).toBeCloseTo(counting.duration, 0);

    const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id);
    expect(done.status).toBe('completed');
    expect(done.progress).toBe(100);
    expect(done.engine).toBe('pocketsphinx');
    expect(done.text).toContain('three four five six');
    expect(done.segments.length).toBeGreaterThan(0);
    for (const segment of done.segments) {
      expect(segment.start).toBeGreaterThanOrEqual(0);
      expect(segment.end).toBeLessThanOrEqual(counting.duration + 0.5);
    }

    const list = await getJson<TranscriptionDto[]>(baseUrl, cookie, '/api/transcriptions');
    expect(list.body.map((item) => item.id)).toEqual([created.id]);
  });

  it('transcribes only the first 30 s for a free user, and the whole file for Pro', async () => {
    const free = await signUp(app);
    const freeUpload = await uploadFile(baseUrl, free.cookie, fortyFive.path, {
      filename: 'long.wav',
    });
    const freeCreated = (await freeUpload.json()) as TranscriptionDto;
    expect(freeCreated.isTruncated).toBe(true);
    expect(freeCreated.durationInSeconds).toBeCloseTo(fortyFive.duration, 0);

    const pro = await signUp(app);
    await makeUserPro(app, pro.userId);
    const proUpload = await uploadFile(baseUrl, pro.cookie, fortyFive.path, {
      filename: 'long.wav',
    });
    const proCreated = (await proUpload.json()) as TranscriptionDto;
    expect(proCreated.isTruncated).toBe(false);

    const [freeDone, proDone] = await Promise.all([
      waitForTranscription<TranscriptionDto>(baseUrl, free.cookie, freeCreated.id),
      waitForTranscription<TranscriptionDto>(baseUrl, pro.cookie, proCreated.id),
    ]);
    expect(freeDone.text).toContain('four five six');
    expect(freeDone.text).not.toContain('weather');
    expect(Math.max(...freeDone.segments.map((segment) => segment.end))).toBeLessThanOrEqual(30.5);
    expect(proDone.text).toContain('four five six');
    expect(proDone.text).toContain('weather today');
    const late = proDone.segments.find((segment) => segment.text.includes('weather'));
    expect(late?.start).toBeGreaterThan(30);
  });

  it('answers 404 for another user on get, audio, download and delete', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const created = (await (
      await uploadFile(baseUrl, owner.cookie, counting.path)
    ).json()) as TranscriptionDto;
    for (const [method, url] of [
      ['GET', `/api/transcriptions/${created.id}`],
      ['GET', `/api/transcriptions/${created.id}/audio`],
      ['GET', `/api/download/${created.id}`],
      ['DELETE', `/api/transcriptions/${created.id}`],
    ] as const) {
      const response = await app.server.inject({
        method,
        url,
        headers: { cookie: stranger.cookie, origin: 'http://localhost:3000' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const stillThere = await getJson<TranscriptionDto>(
      baseUrl,
      owner.cookie,
      `/api/transcriptions/${created.id}`,
    );
    expect(stillThere.status).toBe(200);
    const anonymous = await app.server.inject({ url: '/api/transcriptions' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('downloads the transcript as a text attachment named after the upload', async () => {
    const { cookie } = await signUp(app);
    const created = (await (
      await uploadFile(baseUrl, cookie, counting.path, {
        filename: 'Réunion "budget"\r\nfinal 🎙.wav',
      })
    ).json()) as TranscriptionDto;
    expect(created.filename).toBe('Réunion "budget"final 🎙.wav');
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id);
    const response = await fetch(`${baseUrl}/api/download/${created.id}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(
      /^attachment; filename="R_union _budget_final _\.txt"; filename\*=UTF-8''/,
    );
    const encoded = disposition.split("filename*=UTF-8''")[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('Réunion "budget"final 🎙.txt');
    expect(await response.text()).toBe(done.text);
  });

  it("streams the owner's audio with range requests", async () => {
    const { cookie } = await signUp(app);
    const created = (await (
      await uploadFile(baseUrl, cookie, counting.path)
    ).json()) as TranscriptionDto;
    const whole = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, {
      headers: { cookie },
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes.length).toBe(created.fileSize);
    const part = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, {
      headers: { cookie, range: 'bytes=4-11' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${created.fileSize}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(4, 12));
  });

  it("deletes a transcription with its audio: storage drops, the month's count does not", async () => {
    const { cookie } = await signUp(app);
    const created = (await (
      await uploadFile(baseUrl, cookie, counting.path)
    ).json()) as TranscriptionDto;
    const before = await getJson<UsageDto>(baseUrl, cookie, '/api/usage');
    expect(before.body).toMatchObject({
      transcriptionsThisMonth: 1,
      storageBytes: created.fileSize,
      plan: 'free',
      transcriptionLimit: 10,
      storageLimit: 100 * 1024 * 1024,
    });
    await waitForTranscription(baseUrl, cookie, created.id);
    const response = await fetch(`${baseUrl}/api/transcriptions/${created.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(response.status).toBe(200);
    const after = await getJson<UsageDto>(baseUrl, cookie, '/api/usage');
    expect(after.body).toMatchObject({ transcriptionsThisMonth: 1, storageBytes: 0 });
    const audio = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, {
      headers: { cookie },
    });
    expect(audio.status).toBe(404);
    // Kept only while "Undo" can bring it back; the sweep after that window drops the audio.
    expect(await app.storage.size(`${created.id}.wav`)).toBe(created.fileSize);
    await purgeAsIfWindowPassed(app, created.id);
    expect(await app.storage.size(`${created.id}.wav`).catch(() => 'gone')).toBe('gone');
  });

  it('refuses the 11th free transcription of the month, with the limit and how to lift it', async () => {
    const { cookie } = await signUp(app);
    const tiny = await makeSpeechClip(fixtures.path, `tiny-${kind}`, [{ silence: 0.3 }]);
    for (let index = 0; index < 10; index++) {
      expect((await uploadFile(baseUrl, cookie, tiny.path)).status).toBe(201);
    }
    const eleventh = await uploadFile(baseUrl, cookie, tiny.path);
    expect(eleventh.status).toBe(403);
    expect(((await eleventh.json()) as { message: string }).message).toBe(
      'Monthly limit reached: the Free plan includes 10 transcriptions per month. Upgrade to Pro for unlimited transcriptions, or wait until next month.',
    );
    const usage = await getJson<UsageDto>(baseUrl, cookie, '/api/usage');
    expect(usage.body.transcriptionsThisMonth).toBe(10);

    // A client that sends its whole file anyway (with or without Content-Length, as the OpenAI
    // SDK sends a stream) reads the whole refusal, which says the connection then closes: an
    // answer sent before the body arrived never keeps the connection (decision 0040).
    for (const chunked of [false, true]) {
      const conversation = await uploadThenAsk(baseUrl, {
        cookie,
        origin: SAME_ORIGIN.origin,
        bodyBytes: 4 * 1024 * 1024,
        secondPath: '/api/health',
        chunked,
      });
      expect(conversation).toMatch(/^HTTP\/1\.1 403/);
      expect(conversation).toContain('Monthly limit reached');
      expect(conversation.toLowerCase()).toContain('\r\nconnection: close\r\n');
    }

    // Deleting a transcript frees storage, not a place in the month's quota.
    const [first] = (await getJson<TranscriptionDto[]>(baseUrl, cookie, '/api/transcriptions'))
      .body;
    await fetch(`${baseUrl}/api/transcriptions/${first?.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect((await uploadFile(baseUrl, cookie, tiny.path)).status).toBe(403);
  });

  it('rejects a file that is not audio with the exact message', async () => {
    const { cookie } = await signUp(app);
    const notes = `${fixtures.path}/notes-${kind}.mp3`;
    await import('node:fs/promises').then((fs) => fs.writeFile(notes, 'meeting notes, not audio'));
    const response = await uploadFile(baseUrl, cookie, notes, { type: 'audio/mpeg' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: MESSAGES.notAudio });
  });
});
