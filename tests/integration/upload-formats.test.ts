import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  encode,
  makeSpeechClip,
  makeTempDirectory,
  runForBytes,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { writeFile } from 'node:fs/promises';
import { signUp } from './support/accounts.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** How people's audio arrives: each made at test time from one espeak-ng recording. */
const FORMATS: Array<{ name: string; type: string; args: string[] }> = [
  { name: 'interview.mp3', type: 'audio/mpeg', args: ['-c:a', 'libmp3lame', '-b:a', '64k'] },
  { name: 'interview.wav', type: 'audio/wav', args: ['-c:a', 'pcm_s16le'] },
  { name: 'interview.m4a', type: 'audio/mp4', args: ['-c:a', 'aac', '-b:a', '96k'] },
  { name: 'interview.ogg', type: 'audio/ogg', args: ['-c:a', 'libvorbis'] },
  {
    name: 'interview.opus',
    type: 'audio/ogg',
    args: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'],
  },
  { name: 'interview.flac', type: 'audio/flac', args: ['-c:a', 'flac'] },
  { name: 'interview.aac', type: 'audio/aac', args: ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts'] },
  // Phone and camera videos: the picture comes first, the server must find the sound behind it.
  { name: 'interview.mp4', type: 'video/mp4', args: videoArgs('mp4') },
  { name: 'interview.mov', type: 'video/quicktime', args: videoArgs('mov') },
];

function videoArgs(container: 'mp4' | 'mov'): string[] {
  return [
    ...['-f', 'lavfi', '-i', 'color=c=navy:s=160x120:r=10'],
    ...['-map', '1:v', '-map', '0:a', '-shortest'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-f', container],
  ];
}

let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-formats-');
  speech = await makeSpeechClip(fixtures.path, 'counting', [
    { silence: 0.5 },
    { say: 'one two three four five six seven eight nine ten' },
    { silence: 0.5 },
  ]);
  await Promise.all(
    FORMATS.map(({ name, args }) => encode(speech.path, path.join(fixtures.path, name), args)),
  );
});
afterAll(async () => {
  await fixtures.remove();
});

// Which formats are accepted and decoded does not depend on the database: one kind is enough, and
// the suite's time budget is better spent elsewhere (uploads are covered on both databases in
// transcriptions.test.ts).
describe('every accepted format, through the whole pipeline', () => {
  const kind = 'pglite';
  let app: TestApp;
  let baseUrl: string;
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '2' } });
    baseUrl = await listen(app);
    const user = await signUp(app);
    // Pro, so more than ten uploads fit in the month.
    await makeUserPro(app, user.userId);
    cookie = user.cookie;
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(FORMATS)(
    '$name is accepted and its transcript has the spoken words',
    async ({ name, type }) => {
      const response = await uploadFile(baseUrl, cookie, path.join(fixtures.path, name), { type });
      expect(response.status).toBe(201);
      const created = (await response.json()) as TranscriptionDto;
      const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id);
      expect(done.status).toBe('completed');
      expect(done.text).toContain('four five six');
    },
  );

  it('a browser recording (WebM/Opus written as a stream, with no duration in the container)', async () => {
    const file = path.join(fixtures.path, `recording-${kind}.webm`);
    await writeFile(
      file,
      await runForBytes('ffmpeg', [
        '-nostdin',
        '-v',
        'error',
        '-i',
        speech.path,
        '-c:a',
        'libopus',
        '-f',
        'webm',
        'pipe:1',
      ]),
    );
    const response = await uploadFile(baseUrl, cookie, file, { type: 'audio/webm' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    expect(created.durationInSeconds).toBeCloseTo(speech.duration, 0);
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id);
    expect(done.text).toContain('four five six');
  });
});
