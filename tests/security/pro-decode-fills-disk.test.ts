import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import { MEGABYTE } from '../../src/core/plans.js';
import { DISK_FULL_FAILURE } from '../../src/server/transcriptions/processing/process-transcription.js';
import { makeStreamedFlacSilence } from '../fixtures/speech/audio-bombs.js';
import { startFakeWhisperService } from '../fixtures/speech/fake-whisper-service.js';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { getJson, listen, uploadFile, waitForTranscription } from '../integration/support/http.js';
import { makeUserPro } from '../integration/support/subscriptions.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { leftInWorkFolder } from '../integration/support/work-folder.js';
import { makeSmallDisk, type SmallDisk } from './support/small-disk.js';

const kinds = await databaseKinds();

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
/** Forty minutes of silence in a few hundred kilobytes: 77 MB once decoded to 16 kHz PCM. */
let long: string;
let short: string;
let whisper: Awaited<ReturnType<typeof startFakeWhisperService>>;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-decode-disk-');
  long = path.join(fixtures.path, 'long.mkv');
  short = path.join(fixtures.path, 'short.mkv');
  await makeStreamedFlacSilence(long, { seconds: 40 * 60, sampleRate: 16_000, layout: 'mono' });
  await makeStreamedFlacSilence(short, { seconds: 20, sampleRate: 16_000, layout: 'mono' });
  whisper = await startFakeWhisperService();
});
afterAll(async () => {
  await whisper?.close();
  await fixtures?.remove();
});

describe.each(kinds)('a Pro job whose decoded audio would not fit on the disk, on %s', (kind) => {
  let disk: SmallDisk;
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // The decoded audio would fit on the disk itself, but not above the floor: only the check
    // before decoding can stop the job.
    disk = await makeSmallDisk(128);
    app = await createTestApp(kind, {
      env: {
        DATA_DIR: disk.path,
        MIN_FREE_DISK_MB: await disk.minFreeLeaving(40 * MEGABYTE),
        RUN_WORKERS: 'true',
        WORKER_CONCURRENCY: '1',
        TRANSCRIPTION_ENGINE: 'openai',
        TRANSCRIPTION_API_URL: whisper.baseUrl,
      },
    });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
    await disk?.remove();
  });

  it('fails at once with a message that says so, is not retried, and gives its slot back; a file that fits is transcribed', async () => {
    const user = await signUp(app);
    await makeUserPro(app, user.userId);
    const freeBefore = await disk.free();
    const requestsBefore = whisper.requests();

    const upload = await uploadFile(baseUrl, user.cookie, long);
    expect(upload.status).toBe(201);
    const created = (await upload.json()) as TranscriptionDto;
    const failed = await waitForTranscription<TranscriptionDto>(baseUrl, user.cookie, created.id);
    expect(failed).toMatchObject({ status: 'failed', error: DISK_FULL_FAILURE });
    expect(whisper.requests()).toBe(requestsBefore);
    const usage = await getJson<UsageDto>(baseUrl, user.cookie, '/api/usage');
    expect(usage.body.transcriptionsThisMonth).toBe(0);
    expect(await leftInWorkFolder(app)).toEqual([]);
    // Nothing was decoded onto the disk: only the stored upload takes room.
    expect(freeBefore - (await disk.free())).toBeLessThan(MEGABYTE);

    const fits = await uploadFile(baseUrl, user.cookie, short);
    expect(fits.status).toBe(201);
    const done = await waitForTranscription<TranscriptionDto>(
      baseUrl,
      user.cookie,
      ((await fits.json()) as TranscriptionDto).id,
    );
    expect(done.status).toBe('completed');
  });
});
