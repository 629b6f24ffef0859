import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreeTrialResult } from '../../src/core/api/free-trial.js';
import { MESSAGES } from '../../src/core/messages.js';
import {
  encode,
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { listen, uploadFile } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { FREE_TRIAL_RATE_LIMITED } from '../../src/server/free-trial/free-trial.routes.js';
import { readdir, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { FREE_TRIAL_QUEUE } from '../../src/server/free-trial/free-trial-jobs.js';
import { leftInWorkFolder } from './support/work-folder.js';
import { KEY_CHECK_KEY } from '../../src/server/storage/encryption/encrypting-storage.js';

const TRIAL = { url: '/api/transcribe/free-trial', extraFields: { freeTrial: 'true' } };

let app: TestApp;
let baseUrl: string;
let fixtures: { path: string; remove: () => Promise<void> };
let fortyFive: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-trial-');
  fortyFive = await makeSpeechClip(fixtures.path, 'forty-five', [
    { say: 'one two three four five six seven eight nine ten' },
    { silence: 28 },
    { say: 'the weather today is sunny and warm' },
    { silence: 10 },
  ]);
  app = await createTestApp('pglite', { env: { RUN_WORKERS: 'true' } });
  baseUrl = await listen(app);
});
afterAll(async () => {
  await app.close();
  await fixtures.remove();
});

describe('anonymous free trial', () => {
  it('transcribes only the first 30 s of an OGG file and keeps nothing', async () => {
    const ogg = path.join(fixtures.path, 'trial.ogg');
    await encode(fortyFive.path, ogg, ['-c:a', 'libvorbis']);
    const response = await uploadFile(baseUrl, undefined, ogg, TRIAL);
    expect(response.status).toBe(200);
    const result = (await response.json()) as FreeTrialResult;
    expect(result.isTruncated).toBe(true);
    expect(result.durationInSeconds).toBeCloseTo(fortyFive.duration, 0);
    expect(result.text).toContain('four five six');
    expect(result.text).not.toContain('weather');
    expect(result).toMatchObject({ engine: 'pocketsphinx', model: 'cmusphinx-en-us' });
    expect(await leftInWorkFolder(app)).toEqual([]);
    const rows = await app.database.db.query.transcriptions.findMany();
    expect(rows).toEqual([]);
    // The worker's job and its answer are gone, and so is the stored upload.
    const jobs = (await app.database.db.execute(
      sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = ${FREE_TRIAL_QUEUE}`,
    )) as unknown as { rows: Array<{ count: number }> };
    expect(jobs.rows).toEqual([{ count: 0 }]);
    const audio = await readdir(app.config.audioDir).catch(() => []);
    expect(audio.filter((name) => name !== KEY_CHECK_KEY)).toEqual([]);
  });

  it('refuses what is not audio with the exact message', async () => {
    const notes = path.join(fixtures.path, 'notes.mp3');
    await writeFile(notes, 'not audio at all');
    const response = await uploadFile(baseUrl, undefined, notes, TRIAL);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: MESSAGES.notAudio });
  });
});

describe('free trial rate limit', () => {
  let limited: TestApp;
  let limitedUrl: string;
  beforeAll(async () => {
    limited = await createTestApp('pglite', { env: { RUN_WORKERS: 'true' } });
    limitedUrl = await listen(limited);
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with a message once a client has used its trials', async () => {
    const short = await makeSpeechClip(fixtures.path, 'short', [{ silence: 0.5 }]);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt < 21; attempt++) {
      last = await uploadFile(limitedUrl, undefined, short.path, TRIAL);
      statuses.push(last.status);
      if (last.status === 429) break;
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(((await last?.json()) as { message: string }).message).toBe(FREE_TRIAL_RATE_LIMITED);
  });
});
