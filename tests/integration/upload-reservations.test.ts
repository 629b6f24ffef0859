import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageDto } from '../../src/core/api/usage.js';
import { PLANS } from '../../src/core/plans.js';
import { transcriptions } from '../../src/server/db/schema.js';
import { freeDiskBytes, LOW_DISK_MESSAGE } from '../../src/server/storage/free-disk.js';
import { storageLimitMessage } from '../../src/server/quota/quota-messages.js';
import {
  MAX_CONCURRENT_UPLOADS_PER_USER,
  tooManyUploadsMessage,
} from '../../src/server/uploads/upload-reservations.js';
import { makeTempDirectory, wavHeader } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { getJson, listen, uploadFile } from './support/http.js';
import {
  MULTIPART_TAIL,
  multipartHead,
  rawUpload,
  zeroPieces,
  type RawResponse,
} from './support/raw-upload.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { leftInWorkFolder } from './support/work-folder.js';

const kinds = await databaseKinds();
const FREE_STORAGE = PLANS.free.limits.storageBytes;

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
/** A silent WAV of 256 KB: real audio, so an upload that is let through is stored. */
let wav: Buffer;
let wavPath: string;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-reservations-');
  const dataBytes = 256 * 1024 - 44;
  wav = Buffer.concat([wavHeader(dataBytes), Buffer.alloc(dataBytes)]);
  wavPath = path.join(fixtures.path, 'silence.wav');
  await writeFile(wavPath, wav);
});
afterAll(() => fixtures?.remove());

/** Audio the user already keeps, so the quota has only `leftBytes` left. */
async function fillStorage(app: TestApp, userId: string, leftBytes: number): Promise<void> {
  await app.database.db.insert(transcriptions).values({
    id: randomUUID(),
    userId,
    filename: 'earlier.wav',
    durationInSeconds: 10,
    fileSize: FREE_STORAGE - leftBytes,
    status: 'completed',
    audioFormat: 'wav',
    audioKey: `${randomUUID()}.wav`,
  });
}

/** A gate the bodies wait behind: the server must answer some uploads from their headers alone. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const declaredLength = () =>
  multipartHead('audio', 'a.wav').length + wav.length + MULTIPART_TAIL.length;

/**
 * An upload of the 256 KB WAV that declares its length and holds its body until `held` opens,
 * after its first `sentFirst` bytes of audio.
 */
function heldUpload(baseUrl: string, cookie: string, held: Promise<void>, sentFirst = 0) {
  return rawUpload(baseUrl, {
    cookie,
    contentLength: declaredLength(),
    pieces: (async function* () {
      yield multipartHead('audio', 'a.wav');
      if (sentFirst > 0) yield wav.subarray(0, sentFirst);
      await held;
      yield wav.subarray(sentFirst);
      yield MULTIPART_TAIL;
    })(),
  });
}

/** Resolves once `count` of the uploads have been answered. */
function answered(uploads: Array<Promise<RawResponse | 'aborted'>>, count: number) {
  let done = 0;
  return new Promise<void>((resolve) => {
    for (const upload of uploads)
      void upload.finally(() => {
        done += 1;
        if (done === count) resolve();
      });
  });
}

/** Resolves once `count` uploads are being received (each has its file in the work folder). */
async function waitForUploadsInFlight(app: TestApp, count: number): Promise<void> {
  while ((await leftInWorkFolder(app)).length < count) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const statusOf = (result: RawResponse | 'aborted') => (result === 'aborted' ? 0 : result.status);
const messageOf = (result: RawResponse | 'aborted') =>
  result === 'aborted' ? 'aborted' : (JSON.parse(result.body) as { message: string }).message;

describe.each(kinds)(
  'uploads held against the quota before their bodies are read, on %s',
  (kind) => {
    let app: TestApp;
    let baseUrl: string;
    beforeAll(async () => {
      app = await createTestApp(kind);
      baseUrl = await listen(app);
    });
    afterAll(() => app?.close());

    async function temporaryFiles(): Promise<string[]> {
      return leftInWorkFolder(app);
    }

    it('parallel uploads by a free user: those that do not fit are refused from their headers, and at most what is left is stored', async () => {
      const user = await signUp(app);
      // Room for two of the six files, and a little more.
      await fillStorage(app, user.userId, 2 * declaredLength() + 1000);
      const held = gate();
      const uploads = Array.from({ length: 6 }, () =>
        heldUpload(baseUrl, user.cookie, held.opened),
      );
      // Four are refused while every body is still held back: nothing of theirs reaches the disk.
      await answered(uploads, 4);
      held.open();
      const results = await Promise.all(uploads);
      expect(results.map(statusOf).sort()).toEqual([201, 201, 403, 403, 403, 403]);
      for (const result of results.filter((one) => statusOf(one) === 403))
        expect(messageOf(result)).toBe(storageLimitMessage(PLANS.free));
      const usage = await getJson<UsageDto>(baseUrl, user.cookie, '/api/usage');
      expect(usage.body.storageBytes).toBe(
        FREE_STORAGE - 2 * declaredLength() - 1000 + 2 * wav.length,
      );
      expect(usage.body.storageBytes).toBeLessThanOrEqual(FREE_STORAGE);
      expect(await temporaryFiles()).toEqual([]);
    });

    it(`a user's upload beyond ${MAX_CONCURRENT_UPLOADS_PER_USER} at once is refused with 429 before its body is read; the others go through`, async () => {
      const user = await signUp(app);
      const held = gate();
      const uploads = Array.from({ length: MAX_CONCURRENT_UPLOADS_PER_USER + 1 }, () =>
        heldUpload(baseUrl, user.cookie, held.opened),
      );
      // One is answered while every body is still held back: whichever came last.
      await answered(uploads, 1);
      // Another user is not held up by this one's uploads.
      const other = await signUp(app);
      expect((await uploadFile(baseUrl, other.cookie, wavPath)).status).toBe(201);
      held.open();
      const results = await Promise.all(uploads);
      expect(results.map(statusOf).sort()).toEqual([201, 201, 201, 429]);
      const refused = results.find((result) => statusOf(result) === 429) ?? 'aborted';
      expect(messageOf(refused)).toBe(tooManyUploadsMessage());
      expect(refused !== 'aborted' && refused.headers['retry-after']).toBe('5');
      // Once they are done, the same user may upload again.
      expect((await uploadFile(baseUrl, user.cookie, wavPath)).status).toBe(201);
    });

    it('the developer API says the same to an OpenAI SDK streaming its file: 429, its message, Retry-After', async () => {
      const user = await signUp(app);
      const created = await app.server.inject({
        method: 'POST',
        url: '/api/keys',
        headers: { cookie: user.cookie, ...SAME_ORIGIN },
        payload: { name: 'script' },
      });
      const openai = new OpenAI({
        apiKey: created.json<{ key: string }>().key,
        baseURL: `${baseUrl}/v1`,
        maxRetries: 0,
      });
      const held = gate();
      const uploads = Array.from({ length: MAX_CONCURRENT_UPLOADS_PER_USER }, () =>
        heldUpload(baseUrl, user.cookie, held.opened, 64 * 1024),
      );
      await waitForUploadsInFlight(app, MAX_CONCURRENT_UPLOADS_PER_USER);
      const refused = await openai.audio.transcriptions
        .create({ file: createReadStream(wavPath), model: 'default' })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      held.open();
      await Promise.all(uploads);
      expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
      const error = refused as InstanceType<typeof OpenAI.RateLimitError>;
      expect(error.message).toContain(tooManyUploadsMessage());
      expect(error.code).toBe('rate_limit_exceeded');
      expect(error.headers?.get('retry-after')).toBe('5');
    });

    it('a body without a declared length stops being written once it passes what is left of the quota', async () => {
      const user = await signUp(app);
      await fillStorage(app, user.userId, 2 * 1024 * 1024);
      const result = await rawUpload(baseUrl, {
        cookie: user.cookie,
        pieces: (async function* () {
          yield multipartHead('audio', 'endless.wav');
          yield wav;
          // 20 MB more than the 2 MB left: the server stops reading long before the end.
          yield* zeroPieces(20, 1024 * 1024);
          yield MULTIPART_TAIL;
        })(),
      });
      expect(statusOf(result)).toBe(403);
      expect(messageOf(result)).toBe(storageLimitMessage(PLANS.free));
      expect(await temporaryFiles()).toEqual([]);
      const usage = await getJson<UsageDto>(baseUrl, user.cookie, '/api/usage');
      expect(usage.body.storageBytes).toBe(FREE_STORAGE - 2 * 1024 * 1024);
    });
  },
);

describe('uploads while the disk is low', () => {
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // The threshold is set above what this machine has free, so its disk counts as low.
    const freeMegabytes = Math.ceil((await freeDiskBytes(fixtures.path)) / (1024 * 1024));
    app = await createTestApp('pglite', {
      env: { MIN_FREE_DISK_MB: String(freeMegabytes + 1024) },
    });
    baseUrl = await listen(app);
  });
  afterAll(() => app?.close());

  it('are refused with 503 and a clear message before the body is read, for users and the free trial', async () => {
    const user = await signUp(app);
    const held = gate();
    const refused = await heldUpload(baseUrl, user.cookie, held.opened);
    held.open();
    expect(statusOf(refused)).toBe(503);
    expect(messageOf(refused)).toBe(LOW_DISK_MESSAGE);
    const trial = await uploadFile(baseUrl, undefined, wavPath, {
      url: '/api/transcribe/free-trial',
    });
    expect(trial.status).toBe(503);
    expect(((await trial.json()) as { message: string }).message).toBe(LOW_DISK_MESSAGE);
    const usage = await getJson<UsageDto>(baseUrl, user.cookie, '/api/usage');
    expect(usage.body.storageBytes).toBe(0);
    expect(await leftInWorkFolder(app)).toEqual([]);
  });
});
