import { describe, expect, it } from 'vitest';
import type { TranscriptionListItemDto } from '../../src/core/api/transcriptions.js';
import { apiGet, signUp } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

/** For waits on the server's answers, which take their time on a busy machine. */
const WAIT = { timeout: 60_000, interval: 250 };
const GERMAN_REFUSED =
  'Transcribing German needs the whisper engine, which this server has not downloaded yet.';

describe('the language of an upload, on a server without a multilingual engine', () => {
  const app = useRunningApp('sonoscript-e2e-languages-');

  it('offers languages by name, refuses German before sending, and shows the language used', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Ida Tarbell');
    const language = page.getByRole('combobox', { name: 'Language', exact: true });
    expect(await language.inputValue()).toBe('auto');
    const names = await language.locator('option').allTextContents();
    expect(names[0]).toBe('Detect automatically');
    expect(names).toEqual(expect.arrayContaining(['English', 'German', 'Japanese', 'Hebrew']));
    expect(names.length).toBeGreaterThan(30);

    await page.getByLabel('Audio file', { exact: true }).setInputFiles(app.audio.shortMp3.path);
    await page.getByText('Ready to upload', { exact: true }).waitFor();
    await language.selectOption({ label: 'German' });
    await page.getByText(GERMAN_REFUSED, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    // Refused before anything is sent, and said once, in the card: no toast repeats it.
    await page.getByRole('alert').getByText(GERMAN_REFUSED, { exact: true }).waitFor();
    expect(await page.getByText(GERMAN_REFUSED).count()).toBe(1);
    expect(await page.getByTestId('toast').count()).toBe(0);
    const list = async () =>
      (await apiGet<TranscriptionListItemDto[]>(page, '/api/transcriptions')).body;
    expect(await list()).toEqual([]);

    // "Translate to English" is refused the same way.
    await language.selectOption({ label: 'English' });
    const translate = page.getByRole('checkbox', { name: 'Translate to English' });
    await translate.check();
    await page
      .getByText(
        'Translating to English needs the whisper engine, which this server has not downloaded yet.',
      )
      .first()
      .waitFor();
    await translate.uncheck();

    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    await expect.poll(async () => (await list())[0]?.status, WAIT).toBe('completed');
    const [english] = await list();
    expect(english).toMatchObject({ language: 'en', languageAssumed: false });
    await page.getByRole('list').getByText('English', { exact: true }).first().waitFor();

    await page.goto(`/transcription/${english?.id}`);
    const fact = page.locator('dt', { hasText: 'Language' }).locator('xpath=following-sibling::dd');
    await expect.poll(() => fact.textContent(), WAIT).toBe('English');

    await context.close();
    expect(errors).toEqual([]);
  });

  it('with automatic detection, the detail page says English was assumed', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Nellie Bly');
    await page.getByLabel('Audio file', { exact: true }).setInputFiles(app.audio.shortMp3.path);
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    const list = async () =>
      (await apiGet<TranscriptionListItemDto[]>(page, '/api/transcriptions')).body;
    await expect.poll(async () => (await list())[0]?.status, WAIT).toBe('completed');
    const [assumed] = await list();
    await page.goto(`/transcription/${assumed?.id}`);
    await page.getByText('English (assumed: the language could not be detected)').waitFor();
    await page.getByText('Language not detected').waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });
});
