import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEGABYTE } from '../../src/core/plans.js';
import { LOW_DISK_MESSAGE } from '../../src/server/storage/free-disk.js';
import { signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen } from '../integration/support/http.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { leftInWorkFolder } from '../integration/support/work-folder.js';
import { heldUpload, type HeldAnswer, type HeldUpload } from './support/held-request.js';
import { waitUntil } from './support/child-processes.js';
import { makeSmallDisk, type SmallDisk } from './support/small-disk.js';

const kinds = await databaseKinds();
const TRIAL = '/api/transcribe/free-trial';
/** The reported trials' size. */
const TRIAL_BYTES = 93 * MEGABYTE;

/** Resolves with the answers of the first `count` uploads answered. */
function firstAnswers(uploads: HeldUpload[], count: number): Promise<Array<HeldAnswer | 'closed'>> {
  const answers: Array<HeldAnswer | 'closed'> = [];
  return new Promise((resolve) => {
    for (const upload of uploads)
      void upload.answer.then((answer) => {
        answers.push(answer);
        if (answers.length === count) resolve(answers);
      });
  });
}

describe.each(kinds)('parallel uploads on a small disk, on %s', (kind) => {
  let disk: SmallDisk;
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    disk = await makeSmallDisk(400);
    app = await createTestApp(kind, {
      env: {
        DATA_DIR: disk.path,
        // Room above the floor for three and a half trials.
        MIN_FREE_DISK_MB: await disk.minFreeLeaving(3.5 * TRIAL_BYTES),
        FREE_TRIALS_AT_ONCE: '16',
        FREE_TRIALS_AT_ONCE_PER_ADDRESS: '16',
      },
    });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
    await disk?.remove();
  });

  it('eight 93 MB trials at once: those the disk cannot hold are refused with 503 from their headers, before anything is written', async () => {
    const trials = Array.from({ length: 8 }, () =>
      heldUpload(baseUrl, { path: TRIAL, declaredBytes: TRIAL_BYTES }),
    );
    // Five answered while every body is held back: what they would write never reaches the disk.
    const refused = await firstAnswers(trials, 5);
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 503, message: LOW_DISK_MESSAGE });
    await waitUntil(
      async () => (await leftInWorkFolder(app)).length === 3,
      30_000,
      'receiving three',
    );

    // A signed-in upload shares the same disk: refused too while the trials hold it.
    const user = await signUp(app);
    const upload = heldUpload(baseUrl, {
      path: '/api/transcriptions',
      declaredBytes: TRIAL_BYTES,
      headers: { cookie: user.cookie },
    });
    expect(await upload.answer).toMatchObject({ status: 503, message: LOW_DISK_MESSAGE });

    // Once the trials end, their room is given back.
    for (const trial of trials) trial.abandon();
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 0, 30_000, 'cleaned up');
    const next = heldUpload(baseUrl, { path: TRIAL, declaredBytes: TRIAL_BYTES });
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 1, 30_000, 'let in');
    next.abandon();
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 0, 30_000, 'cleaned up');
  });
});
