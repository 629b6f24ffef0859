import { format } from 'date-fns';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto, UsageDto } from '../../src/core/api-types.js';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import {
  apiGet,
  makeAppAudio,
  signUp,
  specFileSize,
  waitForToast,
  type AppAudio,
} from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** Picks a file through the Upload Audio card's file input, as the browser's picker would. */
async function chooseFile(page: Page, file: string): Promise<void> {
  await page.getByLabel('Audio file', { exact: true }).setInputFiles(file);
}

/** Chooses, uploads and waits for the upload card's states up to the result toast. */
async function uploadThroughCard(page: Page, file: string, resultToast: string): Promise<void> {
  await chooseFile(page, file);
  await page.getByText('Ready to upload', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
  // The card stays in 'Processing transcription...' while it polls the queued job (a second at least).
  await page.getByText('Processing transcription...', { exact: true }).waitFor();
  await waitForToast(page, resultToast);
}

describe('the signed-in app against the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let audio: AppAudio;
  let temp: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    temp = await makeTempDirectory('sonoscript-e2e-app-');
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

  it('a new user uploads speech, reads, downloads and deletes the transcript', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await signUp(page, 'Ada Lovelace');
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();

    await uploadThroughCard(page, audio.shortMp3.path, 'Transcription complete!');
    expect(await page.getByTestId('toast').textContent()).toContain(
      'Your audio has been successfully transcribed.',
    );

    // The list refreshed by itself: the item is there with its transcript.
    const list = page.getByRole('list', { name: 'Transcriptions' });
    const link = list.getByRole('link', { name: 'meeting-notes.mp3' });
    await link.waitFor();
    await expect.poll(() => list.textContent()).toContain('four five');

    const { body: items } = await apiGet<TranscriptionDto[]>(page, '/api/transcriptions');
    expect(items).toHaveLength(1);
    const [item] = items;
    if (!item) throw new Error('unreachable');
    expect(item.status).toBe('completed');

    // The detail page: name, date, duration, size, the words.
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'meeting-notes.mp3' }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/transcription/${item.id}`);
    const facts = page.locator('dl');
    expect(await facts.locator('dd').allTextContents()).toEqual([
      format(new Date(item.createdAt), 'MMM d, yyyy'),
      `${Math.round(audio.shortMp3.seconds)} seconds`,
      specFileSize(audio.shortMp3.size),
    ]);
    expect(await facts.locator('dd').first().textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await page.getByRole('button', { name: 'Plain text' }).click();
    const text = await page.getByRole('main').textContent();
    expect(text).toContain('four five');
    expect(text).toContain('seven eight nine');
    expect(
      await page.getByText('This transcription has been truncated', { exact: false }).count(),
    ).toBe(0);

    // Download saves "<name>.txt" holding the transcript.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meeting-notes.txt');
    const saved = await download.path();
    expect(await readFile(saved, 'utf8')).toBe(item.text);
    expect(item.text).toMatch(/four five/);
    await waitForToast(page, 'Download successful');

    // Back on the dashboard, delete it after the browser's confirmation.
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await waitForToast(page, 'Transcription deleted');
    expect(dialogs).toEqual(['confirm: Are you sure you want to delete this transcription?']);
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();
    await page
      .getByText('Get started by uploading your first audio file.', { exact: true })
      .waitFor();
    expect((await apiGet<TranscriptionDto[]>(page, '/api/transcriptions')).body).toEqual([]);

    await context.close();
    expect(errors).toEqual([]);
  });
});
