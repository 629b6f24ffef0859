import { readdir } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { createEncryptingStorage } from '../../src/server/storage/encryption/encrypting-storage.js';
import { readGeneratedKey } from '../../src/server/storage/encryption/master-key.js';
import { createS3Storage } from '../../src/server/storage/s3-storage.js';
import type { ObjectStorage } from '../../src/server/storage/object-storage.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { signUp } from './support/accounts.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { purgeAsIfWindowPassed } from './support/purge-deleted.js';
import { startS3Server, type S3Server } from './support/s3-server.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { leftInWorkFolder } from './support/work-folder.js';

// The whole path with audio in an S3 bucket: upload, transcription by a worker, playback, delete.
let s3: S3Server;
let bucket: ObjectStorage;
let rawBucket: ObjectStorage;
let app: TestApp;
let baseUrl: string;
let fixtures: { path: string; remove: () => Promise<void> };
let counting: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-s3-app-');
  counting = await makeSpeechClip(fixtures.path, 'counting', [
    { silence: 0.5 },
    { say: 'one two three four five six seven eight nine ten' },
    { silence: 0.5 },
  ]);
  s3 = await startS3Server();
  rawBucket = createS3Storage({
    bucket: s3.bucket,
    prefix: 'audio/',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  app = await createTestApp('pglite', { env: { RUN_WORKERS: 'true', ...s3.env('audio') } });
  const masterKey = readGeneratedKey(app.config.encryption.generatedKeyFile);
  if (!masterKey) throw new Error('the app generated no encryption key');
  bucket = createEncryptingStorage(rawBucket, [masterKey]);
  baseUrl = await listen(app);
});
afterAll(async () => {
  await app.close();
  await s3.close();
  await fixtures.remove();
});

describe('audio kept in S3-compatible storage', () => {
  it('stores the upload in the bucket, transcribes it, plays it by ranges and deletes it', async () => {
    const { cookie } = await signUp(app);
    const response = await uploadFile(baseUrl, cookie, counting.path);
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    const key = `${created.id}.wav`;
    expect(await bucket.size(key)).toBe(created.fileSize);
    // At rest it is ciphertext: the header and a tag per 64 KiB chunk besides the audio's bytes.
    const raw = await buffer(await rawBucket.read(key));
    expect(raw.subarray(0, 8).toString('latin1')).toBe('SonoEnc\x01');
    expect(raw.includes(Buffer.from('WAVEfmt'))).toBe(false);
    expect(await readdir(app.config.audioDir).catch(() => [])).toEqual([]);

    const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id);
    expect(done.status).toBe('completed');
    expect(done.text).toMatch(/three four five/);
    await expect.poll(() => leftInWorkFolder(app)).toEqual([]); // the job's copy released

    const part = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, {
      headers: { cookie, range: 'bytes=0-3' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${created.fileSize}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('RIFF');

    const deleted = await fetch(`${baseUrl}/api/transcriptions/${created.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(deleted.status).toBe(200);
    expect(await bucket.size(key)).toBe(created.fileSize); // restorable for a while
    await purgeAsIfWindowPassed(app, created.id);
    await expect(bucket.size(key)).rejects.toThrow();
  });
});
