import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { MESSAGES } from '../../src/core/messages.js';
import { MAX_UPLOAD_BYTES } from '../../src/core/plans.js';
import {
  encode,
  makeSpeechClip,
  makeTempDirectory,
  run,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { signUp } from './support/accounts.js';
import { getJson, listen, uploadFile } from './support/http.js';
import { MULTIPART_TAIL, multipartHead, rawUpload, zeroPieces } from './support/raw-upload.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { transcriptions } from '../../src/server/db/schema.js';
import { randomUUID } from 'node:crypto';
import { leftInWorkFolder } from './support/work-folder.js';
import { KEY_CHECK_KEY } from '../../src/server/storage/encryption/encrypting-storage.js';

let app: TestApp;
let baseUrl: string;
let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;
let cookie: string;

async function leftovers(): Promise<{ rows: number; files: string[] }> {
  const list = await getJson<TranscriptionDto[]>(baseUrl, cookie, '/api/transcriptions');
  const stored = (await readdir(app.config.audioDir, { recursive: true })).filter(
    (name) => name !== KEY_CHECK_KEY, // the storage's key check is no one's upload
  );
  const temporary = await leftInWorkFolder(app);
  return { rows: list.body.length, files: [...stored, ...temporary] };
}

async function expectRejected(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { message: string };
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(await leftovers()).toEqual({ rows: 0, files: [] });
}

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-validation-');
  speech = await makeSpeechClip(fixtures.path, 'speech', [{ say: 'one two three four five' }]);
  app = await createTestApp('pglite', { env: { RUN_WORKERS: 'false' } });
  baseUrl = await listen(app);
  ({ cookie } = await signUp(app));
});
afterAll(async () => {
  await app.close();
  await fixtures.remove();
});

describe('uploads that are refused, each with its status and message and nothing left behind', () => {
  it('100 MB + 1 byte: 413 once the limit is passed, whatever the client declared', async () => {
    const result = await rawUpload(baseUrl, {
      cookie,
      pieces: (async function* () {
        yield multipartHead('audio', 'huge.mp3');
        yield* zeroPieces(100, 1024 * 1024);
        yield Buffer.alloc(1);
        yield MULTIPART_TAIL;
      })(),
    });
    expect(result).not.toBe('aborted');
    if (result === 'aborted') return;
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: MESSAGES.fileTooLarge });
    expect(await leftovers()).toEqual({ rows: 0, files: [] });
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    const result = await rawUpload(baseUrl, {
      cookie,
      contentLength: MAX_UPLOAD_BYTES + 10 * 1024 * 1024,
      pieces: [multipartHead('audio', 'declared.mp3')],
    });
    if (result === 'aborted') throw new Error('expected an answer before the body');
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: MESSAGES.fileTooLarge });
  });

  it('a Content-Length that lies (small, then a huge body) still stops at the limit', async () => {
    const result = await rawUpload(baseUrl, {
      cookie,
      pieces: (async function* () {
        yield multipartHead('audio', 'liar.wav');
        yield* zeroPieces(101, 1024 * 1024);
        yield MULTIPART_TAIL;
      })(),
      contentLength: 1000,
    });
    // The server reads only what was declared; whatever it answers, nothing is stored.
    if (result !== 'aborted') expect(result.status).toBeGreaterThanOrEqual(400);
    expect(await leftovers()).toEqual({ rows: 0, files: [] });
  });

  it('two files: 400', async () => {
    const form = new FormData();
    const bytes = await readFile(speech.path);
    form.append('audio', new Blob([bytes]), 'one.wav');
    form.append('audio', new Blob([bytes]), 'two.wav');
    const response = await fetch(`${baseUrl}/api/transcriptions`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    await expectRejected(
      response,
      400,
      'Please upload exactly one audio file, in the field "audio".',
    );
  });

  it('no file at all: 400', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    const response = await fetch(`${baseUrl}/api/transcriptions`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    await expectRejected(response, 400, 'No audio file was sent: use the form field "audio".');
  });

  it('zero bytes: 400 "This file is empty."', async () => {
    const file = path.join(fixtures.path, 'empty.mp3');
    await writeFile(file, '');
    await expectRejected(
      await uploadFile(baseUrl, cookie, file, { type: 'audio/mpeg' }),
      400,
      'This file is empty.',
    );
  });

  it.each([
    [
      'a text file named .mp3',
      'notes.mp3',
      async (file: string) => writeFile(file, 'These are meeting notes.\n'.repeat(50)),
    ],
    [
      'a PNG named .wav',
      'picture.wav',
      async (file: string) =>
        run('ffmpeg', [
          '-nostdin',
          '-v',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'color=c=red:s=64x64',
          '-frames:v',
          '1',
          '-f',
          'image2',
          '-c:v',
          'png',
          file,
        ]),
    ],
    [
      'an HLS playlist named .mp3',
      'playlist.mp3',
      async (file: string) =>
        writeFile(
          file,
          `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`,
        ),
    ],
  ])('%s: 400, not audio we can read, with the formats we take', async (_label, name, make) => {
    const file = path.join(fixtures.path, name);
    await make(file);
    await expectRejected(
      await uploadFile(baseUrl, cookie, file, { type: 'audio/mpeg' }),
      400,
      "This file isn't audio or video we can read. Please upload MP3, WAV, M4A, OGG, FLAC, AAC, WebM, MKA, MP4 or MOV.",
    );
  });

  it('a truncated MP3: 422 with a clear message', async () => {
    const full = path.join(fixtures.path, 'full.mp3');
    await encode(speech.path, full, ['-c:a', 'libmp3lame', '-b:a', '64k']);
    const bytes = await readFile(full);
    const truncated = path.join(fixtures.path, 'truncated.mp3');
    await writeFile(truncated, bytes.subarray(0, 600));
    await expectRejected(await uploadFile(baseUrl, cookie, truncated), 422, /could not be read/);
  });

  it('a client that disconnects mid-upload leaves nothing behind', async () => {
    const result = await rawUpload(baseUrl, {
      cookie,
      pieces: (async function* () {
        yield multipartHead('audio', 'half.wav');
        yield* zeroPieces(1, 256 * 1024);
        // Go away only once the server is writing the upload to disk.
        await expect.poll(async () => (await leftInWorkFolder(app)).length).toBe(1);
        yield* zeroPieces(4, 256 * 1024);
      })(),
      abortAfterBytes: 1024 * 1024,
    });
    expect(result).toBe('aborted');
    await expect.poll(async () => (await leftInWorkFolder(app)).length).toBe(0);
    expect(await leftovers()).toEqual({ rows: 0, files: [] });
  });

  it('an anonymous upload: 401', async () => {
    const response = await uploadFile(baseUrl, undefined, speech.path);
    expect(response.status).toBe(401);
  });
});

describe('what is accepted', () => {
  it('keeps a display name free of paths and line breaks', async () => {
    const response = await uploadFile(baseUrl, cookie, speech.path, {
      filename: '../../etc/passwd\r\nx.wav',
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    expect(created.filename).toBe('passwdx.wav');
    const stored = await readdir(app.config.audioDir);
    expect(stored).toContain(`${created.id}.wav`);
    await fetch(`${baseUrl}/api/transcriptions/${created.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
  });

  it('a silent FLAC that decodes to hours is handled by the plan, not by a hang', async () => {
    const bomb = path.join(fixtures.path, 'hours.flac');
    await run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-t',
      String(7 * 3600),
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-c:a',
      'flac',
      '-compression_level',
      '8',
      bomb,
    ]);
    const response = await uploadFile(baseUrl, cookie, bomb);
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    expect(created.isTruncated).toBe(true);
    expect(created.durationInSeconds).toBeGreaterThan(6 * 3600);
    await fetch(`${baseUrl}/api/transcriptions/${created.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
  });

  it('refuses the upload that would pass the 100 MB of free storage', async () => {
    const owner = await signUp(app);
    await app.database.db.insert(transcriptions).values({
      id: randomUUID(),
      userId: owner.userId,
      filename: 'earlier.wav',
      durationInSeconds: 10,
      fileSize: 100 * 1024 * 1024 - 1000,
      status: 'completed',
      audioFormat: 'wav',
      audioKey: `${randomUUID()}.wav`,
    });
    const response = await uploadFile(baseUrl, owner.cookie, speech.path);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Storage limit reached: the Free plan includes 100 MB of audio storage. Delete old transcriptions or upgrade to Pro for 10 GB to make room.',
    );
    await makeUserPro(app, owner.userId);
    expect((await uploadFile(baseUrl, owner.cookie, speech.path)).status).toBe(201);
  });
});
