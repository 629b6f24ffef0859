import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { makeAppAudio, screenshotAt, type AppAudio } from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const DROP_AREA = 'Choose an audio file for the free trial, or drop one here';

/** Opens the landing page's free trial and waits until its drop area takes files (after hydration). */
async function openFreeTrial(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('heading', { level: 1, name: 'Transform your audio into text in seconds' })
    .waitFor();
  await page.getByRole('link', { name: 'Try It Free' }).first().click();
  const dropArea = page.getByRole('button', { name: DROP_AREA });
  await dropArea.waitFor();
  await expect.poll(() => dropArea.getAttribute('aria-disabled')).toBe('false');
}

/** Clicks the drop area and picks the file in the browser's file chooser, as a person does. */
async function pickFile(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: DROP_AREA }).click(),
  ]);
  await chooser.setFiles(file);
}

describe('the anonymous free trial on the landing page against the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let audio: AppAudio;
  let temp: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    temp = await makeTempDirectory('sonoscript-e2e-trial-');
    [server, browser, audio] = await Promise.all([
      startServer(),
      launchBrowser(),
      makeAppAudio(temp.path),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await temp?.remove();
  });

  it('45 s of speech: warned before upload, the first 30 s as text, an upgrade button, and Try Another resets', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await openFreeTrial(page);
    await pickFile(page, audio.longMp3.path);

    // The browser reads the length from the file's metadata and warns before anything is sent.
    await page.getByText('long-interview.mp3', { exact: true }).waitFor();
    await page.getByText('Audio will be truncated', { exact: true }).waitFor();
    await page.getByRole('alert').getByText('Free trial limitation', { exact: true }).waitFor();
    expect(await page.getByText(/45 seconds/).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Transcribe Free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Transcription' });
    await dialog.waitFor({ timeout: 60_000 });
    await expect.poll(() => dialog.textContent()).toContain('four five six');
    const upgrade = dialog.getByRole('link', { name: 'Sign Up for Full Transcription' });
    expect(await upgrade.getAttribute('href')).toBe('/api/login');

    for (const width of [1280, 375]) {
      await screenshotAt(page, 'free-trial-result', width, {
        height: width > 600 ? 800 : 740,
        fullPage: false,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole('button', { name: 'Try Another' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: DROP_AREA }).waitFor();
    expect(await page.getByText('long-interview.mp3').count()).toBe(0);
    expect(await page.getByText('Audio will be truncated').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Transcribe Free' }).count()).toBe(0);

    await context.close();
    expect(errors).toEqual([]);
  });

  it('a short file: no truncation warning, the text, and no upgrade button', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await openFreeTrial(page);
    await pickFile(page, audio.shortMp3.path);
    await page.getByText('meeting-notes.mp3', { exact: true }).waitFor();
    const transcribe = page.getByRole('button', { name: 'Transcribe Free' });
    // Enabled once the length is read from the metadata.
    await expect.poll(() => transcribe.isEnabled()).toBe(true);
    expect(await page.getByText('Audio will be truncated').count()).toBe(0);
    expect(await page.getByText('Free trial limitation').count()).toBe(0);

    await transcribe.click();
    const dialog = page.getByRole('dialog', { name: 'Your Transcription' });
    await dialog.waitFor({ timeout: 60_000 });
    await expect.poll(() => dialog.textContent()).toContain('four five six');
    expect(await dialog.getByRole('link', { name: 'Sign Up for Full Transcription' }).count()).toBe(
      0,
    );

    await context.close();
    expect(errors).toEqual([]);
  });
});
