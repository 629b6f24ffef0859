import type { Page } from 'playwright-core';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.js';
import { dropFile, screenshotAt } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

/** The drop area is named by the text it shows: 'Drag and drop an audio file here…', 'Drop the audio file here'. */
const DROP_AREA = /audio file here/;

/** Opens the landing page's free trial and waits until its drop area takes files (after hydration). */
async function openFreeTrial(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('heading', { level: 1, name: 'Transform your audio into text in seconds' })
    .waitFor();
  await page.getByRole('link', { name: 'Try It Free' }).first().click();
  const dropArea = page.getByRole('button', { name: DROP_AREA });
  await dropArea.waitFor();
  // Enabled once the page's script has started, which a busy machine takes seconds to do.
  await expect
    .poll(() => dropArea.getAttribute('aria-disabled'), { timeout: 30_000 })
    .toBe('false');
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
  const app = useRunningApp('sonoscript-e2e-trial-');

  it('45 s of speech: warned before upload, the first 30 s as text, an upgrade button, and Try Another resets', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await openFreeTrial(page);
    await pickFile(page, app.audio.longMp3.path);

    // The browser reads the length from the file's metadata and warns before anything is sent.
    await page.getByText('long-interview.mp3', { exact: true }).waitFor();
    await page.getByText('Audio will be truncated', { exact: true }).waitFor();
    await page.getByRole('alert').getByText('Free trial limitation', { exact: true }).waitFor();
    expect(await page.getByText(/45 seconds/).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Transcribe Free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Transcription' });
    await dialog.waitFor({ timeout: 60_000 });
    await expect.poll(() => dialog.textContent()).toContain('four five six');
    // A free account is cut at 30 s too: whole files are Pro, so the button leads to the upgrade.
    expect(await dialog.textContent()).toContain('Whole files are transcribed on the Pro plan.');
    const upgrade = dialog.getByRole('link', { name: 'Sign up to upgrade' });
    expect(await upgrade.getAttribute('href')).toBe('/api/login?mode=sign-up&returnTo=%2Fupgrade');

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

  it('a short file dropped on the drop area: no truncation warning, the text, no upgrade button, and Copy text', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await openFreeTrial(page);
    await dropFile(page, page.getByRole('button', { name: DROP_AREA }), app.audio.shortMp3.path);
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
    // Which engine wrote it is never hidden.
    await dialog
      .getByText('Transcribed with the offline PocketSphinx engine: lower accuracy', {
        exact: true,
      })
      .waitFor();
    expect(await dialog.getByRole('link', { name: 'Sign Up for Full Transcription' }).count()).toBe(
      0,
    );

    // One button puts the whole text on the clipboard and says so.
    await dialog.getByRole('button', { name: 'Copy text' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('four five six');
    expect(await dialog.textContent()).toContain(copied);

    await context.close();
    expect(errors).toEqual([]);
  });
  it('refused files: a text file by the drop area, a text file named .mp3 by the server, each said beside the drop area', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await openFreeTrial(page);

    const notes = path.join(app.directory, 'notes.txt');
    await writeFile(notes, 'not audio at all\n');
    await pickFile(page, notes);
    const refusal = page.getByRole('alert');
    await refusal.getByText('Invalid file', { exact: true }).waitFor();
    expect(await refusal.textContent()).toMatch(/File type must be /);
    // Nothing was chosen: the drop area is still there, with nothing to transcribe.
    await page.getByRole('button', { name: DROP_AREA }).waitFor();
    expect(await page.getByRole('button', { name: 'Transcribe Free' }).count()).toBe(0);

    // The name and type say MP3, so the page takes it; the server reads the content and refuses.
    const fake = path.join(app.directory, 'fake-song.mp3');
    await writeFile(fake, 'this is text, not an MP3\n'.repeat(40));
    await pickFile(page, fake);
    await page.getByText('fake-song.mp3', { exact: true }).waitFor();
    const transcribe = page.getByRole('button', { name: 'Transcribe Free' });
    await expect.poll(() => transcribe.isEnabled()).toBe(true);
    await transcribe.click();
    await refusal.getByText('Transcription failed', { exact: true }).waitFor();
    await refusal.getByText(MESSAGES.notAudio, { exact: true }).waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The file stays chosen, so the visitor can remove it and pick another.
    await expect.poll(() => transcribe.isEnabled()).toBe(true);

    await context.close();
    // Chromium itself logs the refused request; the page logged nothing.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
