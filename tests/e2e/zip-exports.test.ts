import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { encode, makeSpeechClip } from '../fixtures/speech/speech-fixtures.js';
import { seriousAxeViolations } from './support/accessibility.js';
import { apiGet, screenshotAt, signUp } from './support/app.js';
import { openPage, waitUntilHydrated } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const run = promisify(execFile);

/** The names inside a ZIP as Info-ZIP's `unzip` reads them, after checking every entry's CRC. */
async function zipNames(file: string): Promise<string[]> {
  expect((await run('unzip', ['-t', file])).stdout).toMatch(/No errors detected/);
  return (await run('unzip', ['-Z1', file])).stdout.split('\n').filter((line) => line !== '');
}

/** Posts the clips in order (so the newest is last) and waits until every one is transcribed. */
async function uploadClips(page: Page, file: string, names: string[]): Promise<void> {
  const data = (await readFile(file)).toString('base64');
  const ids: string[] = [];
  for (const filename of names) {
    const created = await page.evaluate(
      async ({ data: base64, filename: name }) => {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const form = new FormData();
        form.append('audio', new File([bytes], name, { type: 'audio/mpeg' }));
        const response = await fetch('/api/transcriptions', { method: 'POST', body: form });
        return { status: response.status, id: ((await response.json()) as { id: string }).id };
      },
      { data, filename },
    );
    expect(created.status).toBe(201);
    ids.push(created.id);
  }
  for (const id of ids) {
    await expect
      .poll(
        async () => (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${id}`)).body.status,
        { timeout: 90_000, interval: 250 },
      )
      .toBe('completed');
  }
}

/** No horizontal scrolling at this width. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('bulk download and "Download all my data" in the browser', () => {
  const app = useRunningApp('sonoscript-e2e-zip-');

  it('selects a range with shift-click, downloads it as one ZIP, and downloads all my data from settings (1280 and 390 px)', async () => {
    const { page, errors } = await openPage(app.browser, app.server.baseUrl, {
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
    });
    await signUp(page, 'Grace Hopper');
    const word = await makeSpeechClip(app.directory, 'word', [
      { silence: 0.2 },
      { say: 'one' },
      { silence: 0.2 },
    ]);
    const tiny = path.join(app.directory, 'tiny.mp3');
    await encode(word.path, tiny, ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame']);
    const names = ['clip-1.mp3', 'clip-2.mp3', 'clip-3.mp3', 'clip-4.mp3', 'clip-5.mp3'];
    await uploadClips(page, tiny, names);

    await page.goto('/transcriptions');
    await waitUntilHydrated(page);
    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: 'clip-1.mp3' }).waitFor();
    // Newest first: clip-5 at the top. A click, then a shift-click three rows down.
    await page.getByRole('checkbox', { name: 'Select clip-5.mp3' }).click();
    await page.getByRole('checkbox', { name: 'Select clip-2.mp3' }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Selected transcriptions' });
    await bar.getByText('4 transcripts selected').waitFor();
    for (const name of ['clip-5.mp3', 'clip-4.mp3', 'clip-3.mp3', 'clip-2.mp3'])
      expect(await page.getByRole('checkbox', { name: `Select ${name}` }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Select clip-1.mp3' }).isChecked()).toBe(false);

    await bar.getByRole('combobox', { name: 'Format of the files in the ZIP' }).selectOption('srt');
    await screenshotAt(page, 'library-selection', 1280);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      bar.getByRole('button', { name: 'Download 4 as ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Sonoscript transcripts \d{4}-\d\d-\d\d\.zip$/);
    const saved = path.join(app.directory, 'bulk.zip');
    await download.saveAs(saved);
    expect((await zipNames(saved)).sort()).toEqual([
      'clip-2.srt',
      'clip-3.srt',
      'clip-4.srt',
      'clip-5.srt',
    ]);
    await bar.getByText('The ZIP is ready and downloading.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // "Select all shown", on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('checkbox', { name: 'Select all 5 shown' }).click();
    await bar.getByText('5 transcripts selected').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshotAt(page, 'library-selection', 390);

    // Settings: "Download all my data", on the phone first.
    await page.goto('/account#export-data');
    await waitUntilHydrated(page);
    const section = page.locator('#export-data');
    await section.getByRole('button', { name: 'Download all my data' }).click();
    await section.getByText('Your data is ready.').waitFor({ timeout: 60_000 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshotAt(page, 'account-data-export', 390);
    const [dataDownload] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download ZIP' }).click(),
    ]);
    expect(dataDownload.suggestedFilename()).toMatch(/^Sonoscript data \d{4}-\d\d-\d\d\.zip$/);
    const dataZip = path.join(app.directory, 'data.zip');
    await dataDownload.saveAs(dataZip);
    const inside = await zipNames(dataZip);
    expect(inside).toEqual(
      expect.arrayContaining(['account.json', 'api-keys.json', 'vocabulary.json']),
    );
    for (const name of ['clip-1', 'clip-5'])
      expect(inside).toEqual(
        expect.arrayContaining([
          `transcripts/${name}/transcript.txt`,
          `transcripts/${name}/transcript.json`,
          `transcripts/${name}/audio.mp3`,
        ]),
      );

    // A reload still shows the ready export (kept 24 h); the wide layout too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await waitUntilHydrated(page);
    await section.getByRole('link', { name: 'Download ZIP' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotAt(page, 'account-data-export', 1280);
    expect(errors).toEqual([]);
  });
});
