import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageDto } from '../../src/core/api/usage.js';
import { FREE_TRIALS_BUSY } from '../../src/server/free-trial/free-trial-jobs.js';
import { FREE_TRIAL_IN_PROGRESS } from '../../src/server/free-trial/free-trial-slots.js';
import { makeStreamedFlacSilence } from '../fixtures/speech/audio-bombs.js';
import { makeTempDirectory, run } from '../fixtures/speech/speech-fixtures.js';
import { signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { getJson, listen, uploadFile } from '../integration/support/http.js';
import { makeUserPro } from '../integration/support/subscriptions.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { leftInWorkFolder } from '../integration/support/work-folder.js';
import { heldUpload } from './support/held-request.js';
import { waitUntil } from './support/child-processes.js';

const kinds = await databaseKinds();
const TRIAL = '/api/transcribe/free-trial';
const BOMB_REFUSAL =
  'This audio has 8 channels at 384 kHz. The server reads up to 8 channels at up to 192 kHz: please convert it (mono at 48 kHz is plenty for speech) and try again.';

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
/** The reported bomb's shape, one minute long: FLAC, 8 channels, 384 kHz, no duration stated. */
let bomb: string;
let notAudio: string;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-bomb-');
  bomb = path.join(fixtures.path, 'bomb.mkv');
  await makeStreamedFlacSilence(bomb, { seconds: 60, sampleRate: 384_000, layout: '7.1' });
  const stated = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    bomb,
  ]);
  expect(stated.trim()).toMatch(/^(N\/A)?$/);
  notAudio = path.join(fixtures.path, 'notes.txt');
  await run('sh', ['-c', `printf 'not audio at all' > '${notAudio}'`]);
});
afterAll(() => fixtures?.remove());

const messageOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

describe.each(kinds)('an 8-channel 384 kHz FLAC that states no duration, on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    baseUrl = await listen(app);
  });
  afterAll(() => app?.close());

  it('is refused by the free trial with 422 and the limit it passed, before any of it is decoded', async () => {
    const response = await uploadFile(baseUrl, undefined, bomb, { url: TRIAL });
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe(BOMB_REFUSAL);
    expect(await leftInWorkFolder(app)).toEqual([]);
  });

  it('is refused for a Pro upload too, and nothing is stored or counted', async () => {
    const user = await signUp(app);
    await makeUserPro(app, user.userId);
    const response = await uploadFile(baseUrl, user.cookie, bomb);
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe(BOMB_REFUSAL);
    const usage = await getJson<UsageDto>(baseUrl, user.cookie, '/api/usage');
    expect(usage.body).toMatchObject({ transcriptionsThisMonth: 0, storageBytes: 0 });
    expect(await leftInWorkFolder(app)).toEqual([]);
  });
});

describe('anonymous trials at once', () => {
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // Behind a proxy, so each test visitor can come from an address of its own.
    app = await createTestApp('pglite', {
      env: { TRUST_PROXY: 'true', FREE_TRIALS_AT_ONCE: '2', FREE_TRIALS_AT_ONCE_PER_ADDRESS: '1' },
    });
    baseUrl = await listen(app);
  });
  afterAll(() => app?.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  async function sendTrial(file: string, address: string): Promise<Response> {
    const form = new FormData();
    form.append('audio', new Blob([await readFile(file)]), path.basename(file));
    return fetch(`${baseUrl}${TRIAL}`, { method: 'POST', headers: from(address), body: form });
  }
  const trialFrom = (address: string) =>
    heldUpload(baseUrl, { path: TRIAL, declaredBytes: 1024 * 1024, headers: from(address) });

  it('a second trial from one address is refused with 429 while the first runs, and let in once it ends', async () => {
    const first = trialFrom('203.0.113.1');
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 1, 30_000, 'receiving');
    const second = await trialFrom('203.0.113.1').answer;
    expect(second).toMatchObject({ status: 429, message: FREE_TRIAL_IN_PROGRESS });
    expect(second !== 'closed' && second.headers['retry-after']).toBe('10');

    first.abandon();
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 0, 30_000, 'cleaned up');
    // Its slot is given back: the same address is now answered on its file, not turned away.
    const again = await sendTrial(notAudio, '203.0.113.1');
    expect(again.status).toBe(400);
  });

  it('a trial beyond FREE_TRIALS_AT_ONCE from any address is refused with 503 and a clear message', async () => {
    const running = [trialFrom('198.51.100.1'), trialFrom('198.51.100.2')];
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 2, 30_000, 'receiving');
    const third = await trialFrom('198.51.100.3').answer;
    expect(third).toMatchObject({ status: 503, message: FREE_TRIALS_BUSY });
    for (const trial of running) trial.abandon();
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 0, 30_000, 'cleaned up');
  });
});
