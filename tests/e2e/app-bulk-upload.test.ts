import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { monthlyLimitMessage } from '../../src/core/limit-messages.js';
import { PLANS } from '../../src/core/plans.js';
import { encode, makeSpeechClip } from '../fixtures/speech/speech-fixtures.js';
import { screenshotAt, signUp } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const FILES = 20;
/** Transcriptions the account used before the bulk upload: 6 of the month's 10 are left. */
const USED_BEFORE = 4;
const LEFT = PLANS.free.limits.transcriptionsPerMonth! - USED_BEFORE;

describe('bulk upload in the dashboard against the real server', () => {
  const app = useRunningApp('sonoscript-e2e-bulk-');

  it('20 files on a Free account that runs out of its month midway: those beyond say why, the others finish (1280 and 390 px)', async () => {
    const { page, errors } = await openPage(app.browser, app.server.baseUrl, {
      viewport: { width: 1280, height: 900 },
    });
    await signUp(page, 'Nellie Bly');

    const word = await makeSpeechClip(app.directory, 'word', [
      { silence: 0.2 },
      { say: 'one' },
      { silence: 0.2 },
    ]);
    const tiny = path.join(app.directory, 'tiny.mp3');
    await encode(word.path, tiny, ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame']);
    const files: string[] = [];
    for (let index = 1; index <= FILES; index += 1) {
      const file = path.join(app.directory, `episode-${String(index).padStart(2, '0')}.mp3`);
      await copyFile(tiny, file);
      files.push(file);
    }

    // Part of the month is used already.
    const data = (await readFile(tiny)).toString('base64');
    for (let index = 0; index < USED_BEFORE; index += 1) {
      const status = await page.evaluate(async (encoded) => {
        const bytes = Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0));
        const form = new FormData();
        form.append('audio', new File([bytes], 'earlier.mp3', { type: 'audio/mpeg' }));
        return (await fetch('/api/transcriptions', { method: 'POST', body: form })).status;
      }, data);
      expect(status).toBe(201);
    }
    await page.reload();

    await page.getByLabel('Audio file').setInputFiles(files);
    const panel = page.getByRole('region', { name: 'Bulk upload' });
    await panel.getByRole('heading', { name: `${FILES} files` }).waitFor();
    await panel.getByLabel('Number of speakers').selectOption('1');
    await panel.getByRole('button', { name: `Upload ${FILES} files` }).click();

    const rows = panel.getByRole('listitem');
    const inState = (state: string) => panel.locator(`li[data-state="${state}"]`);
    // Every file ends: done or failed, each on its own.
    await expect
      .poll(async () => (await inState('done').count()) + (await inState('failed').count()), {
        timeout: 180_000,
        interval: 500,
      })
      .toBe(FILES);
    expect(await rows.count()).toBe(FILES);
    expect(await inState('done').count()).toBe(LEFT);
    const failed = inState('failed');
    expect(await failed.count()).toBe(FILES - LEFT);
    const reason = monthlyLimitMessage(PLANS.free);
    for (const row of await failed.all()) await row.getByText(reason, { exact: true }).waitFor();
    await panel.getByText(`${LEFT} done · ${FILES - LEFT} failed`).waitFor();

    // The library lists the finished ones with the earlier four: nothing more was counted.
    const usage = await page.evaluate(async () => (await fetch('/api/usage')).json());
    expect(usage).toMatchObject({
      transcriptionsThisMonth: PLANS.free.limits.transcriptionsPerMonth,
    });

    await screenshotAt(page, 'bulk-upload', 1280);
    // On a phone the list fits the width: each reason can be read without scrolling sideways.
    await screenshotAt(page, 'bulk-upload', 390);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const firstFailed = failed.first().getByText(reason, { exact: true });
    await firstFailed.scrollIntoViewIfNeeded();
    const box = await firstFailed.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

    // The refusals are the server's 403s, said in the rows; nothing else went wrong.
    expect(
      errors.filter((error) => !error.includes('the server responded with a status of 403')),
    ).toEqual([]);
  });
});
