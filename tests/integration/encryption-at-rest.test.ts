import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { CHUNK_BYTES } from '../../src/server/storage/encryption/encrypted-object-format.js';
import { signUp } from './support/accounts.js';
import { listen, uploadFile } from './support/http.js';
import {
  asUser,
  insertTranscript,
  patchTranscript,
  readTranscript,
  SAMPLE_SEGMENTS,
} from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The app as a user meets it: an upload plays back by ranges exactly as the file it came from,
// and a copy of the data folder holds none of its bytes.
let app: TestApp;
let baseUrl: string;
let scratch: string;
let wav: Buffer;
let wavPath: string;

/** A 16 kHz mono 16-bit WAV of `seconds` of a tone with noise: every byte is hard to guess. */
function makeWav(seconds: number): Buffer {
  const samples = 16_000 * seconds;
  const data = Buffer.alloc(samples * 2);
  const noise = randomBytes(samples);
  for (let index = 0; index < samples; index++) {
    const tone = Math.sin((2 * Math.PI * 440 * index) / 16_000) * 8000;
    data.writeInt16LE(Math.round(tone + ((noise[index] ?? 0) - 128) * 20), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sonoscript-at-rest-'));
  wav = makeWav(10);
  wavPath = path.join(scratch, 'tone.wav');
  await writeFile(wavPath, wav);
  app = await createTestApp('pglite');
  baseUrl = await listen(app);
});
afterAll(async () => {
  await app.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('audio encrypted at rest', () => {
  let created: TranscriptionDto;
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signUp(app));
    const response = await uploadFile(baseUrl, cookie, wavPath);
    expect(response.status).toBe(201);
    created = (await response.json()) as TranscriptionDto;
  });

  it('plays back by ranges at chunk edges, byte for byte as the uploaded file', async () => {
    expect(created.fileSize).toBe(wav.length);
    const size = wav.length;
    const ranges: Array<[number, number]> = [
      [0, 3],
      [0, CHUNK_BYTES - 1],
      [CHUNK_BYTES - 1, CHUNK_BYTES],
      [CHUNK_BYTES, 2 * CHUNK_BYTES + 1],
      [3 * CHUNK_BYTES - 7, 4 * CHUNK_BYTES + 7],
      [size - 100, size - 1],
      [0, size - 1],
    ];
    for (const [start, end] of ranges) {
      const part = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, {
        headers: { cookie, range: `bytes=${start}-${end}` },
      });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      const body = Buffer.from(await part.arrayBuffer());
      expect(body.equals(wav.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    const whole = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, {
      headers: { cookie },
    });
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);
  });

  it('leaves no run of the audio’s bytes in a copy of the data folder', async () => {
    const copy = path.join(scratch, 'data-copy');
    await cp(app.dataDir, copy, { recursive: true });
    const files = await filesUnder(copy);
    expect(files.some((file) => file.endsWith(`${created.id}.wav`))).toBe(true);
    // Slices of the sample data from its start, middle and end: each 32 bytes of tone and noise.
    const probes = [44, 100_000, wav.length - 64].map((at) => wav.subarray(at, at + 32));
    for (const file of files) {
      const bytes = await readFile(file);
      for (const probe of probes) expect(bytes.includes(probe), file).toBe(false);
    }
  });
});

describe('audio stored before encryption', () => {
  it('is encrypted in place by the sweep a start begins, and reads the same', async () => {
    const audioDir = path.join(scratch, 'legacy-audio');
    await mkdir(audioDir);
    const legacy = makeWav(3);
    await writeFile(path.join(audioDir, 'legacy.wav'), legacy);
    const started = await createTestApp('pglite', { env: { AUDIO_DIR: audioDir } });
    try {
      const rawStart = async () =>
        (await readFile(path.join(audioDir, 'legacy.wav'))).subarray(0, 8).toString('latin1');
      await expect.poll(rawStart, { timeout: 20_000 }).toBe('SonoEnc\x01');
      const raw = await readFile(path.join(audioDir, 'legacy.wav'));
      expect(raw.includes(legacy.subarray(1000, 1032))).toBe(false);
      expect((await buffer(await started.storage.read('legacy.wav'))).equals(legacy)).toBe(true);
    } finally {
      await started.close();
    }
  });
});

describe('transcript text encrypted at rest', () => {
  // Words no other file holds: a copy of the data folder that shows one shows the transcript.
  const EDITED = 'The gooseberrycartographer arrives on Tuesday.';
  const NAME = 'Wilhelmina Brackenridge';
  const COMMENT = 'Check the pomegranatelighthouse figure.';

  it('leaves none of a transcript’s words, its edits, speaker names or comments in a copy of the data folder', async () => {
    const { cookie, userId } = await signUp(app);
    const { id } = await insertTranscript(app, userId, { filename: 'Interview.wav' });
    const [first, ...rest] = SAMPLE_SEGMENTS;
    const edited = await patchTranscript(app, cookie, id, {
      segments: [{ ...first!, text: EDITED, speaker: NAME }, ...rest],
    });
    expect(edited.statusCode).toBe(200);
    const comment = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/comments`,
      headers: asUser(cookie),
      payload: { segment: 0, text: COMMENT },
    });
    expect(comment.statusCode).toBe(201);
    // Searched once, so the index holds the edited words too.
    const found = await app.server.inject({
      url: `/api/search?q=gooseberrycartographer`,
      headers: asUser(cookie),
    });
    expect(found.json<{ id: string }[]>().map((hit) => hit.id)).toEqual([id]);
    expect((await readTranscript(app, cookie, id)).segments[0]?.text).toBe(EDITED);

    const copy = path.join(scratch, 'data-copy-with-text');
    await cp(app.dataDir, copy, { recursive: true });
    const files = await filesUnder(copy);
    expect(files.some((file) => file.includes(`${path.sep}db${path.sep}`))).toBe(true);
    const words = [
      'gooseberrycartographer',
      'Brackenridge',
      'pomegranatelighthouse',
      // The machine's transcript, kept as the original since the edit.
      'quarterly budget',
      'northern region',
    ].map((word) => Buffer.from(word));
    for (const file of files) {
      const bytes = await readFile(file);
      for (const word of words) expect(bytes.includes(word), `${word} in ${file}`).toBe(false);
    }
  });
});
