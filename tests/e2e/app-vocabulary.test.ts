import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto, TranscriptSegmentDto } from '../../src/core/api/transcriptions.js';
import type { Vocabulary } from '../../src/core/api/vocabulary.js';
import { speechDataDirectory } from '../fixtures/speech/dev-set.js';
import { apiGet, signUp, uploadViaApi, waitForToast } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

/** For waits on the server's answers, which take their time on a busy machine. */
const WAIT = { timeout: 120_000, interval: 250 };

// LJ Speech LJ001-0031: "In fourteen sixty-five Sweynheim and Pannartz began printing in the
// monastery of Subiaco near Rome". PocketSphinx's dictionary has none of the three names.
const NAMES_CLIP = path.join(speechDataDirectory(), 'ljspeech', 'LJ001-0031.wav');

const timedLines = (page: Page) =>
  page.getByRole('list', { name: 'Timed transcript' }).getByRole('listitem');

async function savedTerms(page: Page): Promise<string[]> {
  return (await apiGet<Vocabulary>(page, '/api/vocabulary')).body.terms;
}

describe('custom vocabulary in the web app, against the real server', () => {
  const app = useRunningApp('sonoscript-e2e-vocabulary-');

  it('saves a vocabulary in Settings, adds words to one upload, and the transcript writes them', async () => {
    const { page, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Johann Gutenberg');

    await page.goto('/account');
    const terms = page.getByRole('textbox', { name: 'Terms, one per line' });
    await terms.fill('Sweynheim\nPannartz\n');
    await page.getByRole('button', { name: 'Save vocabulary' }).click();
    await waitForToast(page, 'Vocabulary saved', '2 terms.');
    expect(await savedTerms(page)).toEqual(['Sweynheim', 'Pannartz']);
    // A term the server refuses: its message, and the saved list unchanged.
    await terms.fill(`Sweynheim\n${'x'.repeat(101)}`);
    await page.getByRole('button', { name: 'Save vocabulary' }).click();
    await page.getByText('A vocabulary term can be at most 100 characters.').waitFor();
    expect(await savedTerms(page)).toEqual(['Sweynheim', 'Pannartz']);

    await page.goto('/');
    await page.getByLabel('Audio file', { exact: true }).setInputFiles(NAMES_CLIP);
    await page.getByText('Ready to upload', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Words to listen for' }).fill('Subiaco');
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: 'LJ001-0031.wav' }).click();
    const transcript = page.getByRole('list', { name: 'Timed transcript' });
    await expect.poll(() => transcript.textContent(), WAIT).toContain('Sweynheim');
    const text = (await transcript.textContent()) ?? '';
    expect(text).toContain('Pannartz');
    expect(text).toContain('Subiaco');
    // The one refused save.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  it('replaces a misheard name everywhere in one undoable step, then offers to remember it', async () => {
    const { page, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Peter Schoeffer');
    const notes = await uploadViaApi(page, app.audio.shortMp3.path, 'notes.mp3', WAIT.timeout);
    const lines: TranscriptSegmentDto[] = [
      { start: 0, end: 2, text: 'We met shuffler at the press.', speaker: 'Speaker 1' },
      { start: 2, end: 4, text: 'The type was cast there.', speaker: 'Speaker 1' },
      { start: 4, end: 6, text: 'Then shuffler printed the psalter.', speaker: 'Speaker 1' },
    ];
    const saved = await page.evaluate(
      async ({ target, segments }) =>
        (
          await fetch(target, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ segments }),
          })
        ).status,
      { target: `/api/transcriptions/${notes.id}`, segments: lines },
    );
    expect(saved).toBe(200);

    await page.goto(`/transcription/${notes.id}`);
    await expect.poll(() => timedLines(page).count(), WAIT).toBe(3);
    await page.getByRole('textbox', { name: 'Find in transcript' }).fill('shuffler');
    await page.getByText('1 of 2', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Replace with' }).fill('Schoeffer');
    await page.getByRole('button', { name: 'Replace all' }).click();
    await waitForToast(page, 'Replaced 2 matches');
    await page.getByText('Saved', { exact: true }).waitFor();
    const stored = async () =>
      (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${notes.id}`)).body.text;
    await expect
      .poll(stored, WAIT)
      .toBe(
        'We met Schoeffer at the press. The type was cast there. Then Schoeffer printed the psalter.',
      );

    // Two places, one spelling: the workbench offers to add it to the vocabulary.
    const offer = page.getByRole('status').filter({ hasText: 'You wrote “Schoeffer” in 2 places' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Add to vocabulary' }).click();
    await waitForToast(page, 'Added to your vocabulary');
    expect(await savedTerms(page)).toEqual(['Schoeffer']);
    await offer.waitFor({ state: 'detached' });

    // One step undoes every replacement, and the undo is saved like any edit.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect
      .poll(stored, WAIT)
      .toBe(
        'We met shuffler at the press. The type was cast there. Then shuffler printed the psalter.',
      );
    expect(errors).toEqual([]);
  });
});
