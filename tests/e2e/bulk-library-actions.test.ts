import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { encode, makeSpeechClip } from '../fixtures/speech/speech-fixtures.js';
import { seriousAxeViolations } from './support/accessibility.js';
import { apiGet, signUp, toastArea, TRANSCRIPTION_WAIT_MS, waitForToast } from './support/app.js';
import { openPage, waitUntilHydrated } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

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
        { timeout: TRANSCRIPTION_WAIT_MS, interval: 250 },
      )
      .toBe('completed');
  }
}

const listedNames = async (page: Page) =>
  (await apiGet<TranscriptionDto[]>(page, '/api/transcriptions')).body
    .map((item) => item.filename)
    .sort();

describe('bulk actions on the library in the browser', () => {
  const app = useRunningApp('sonoscript-e2e-bulk-actions-');

  it('deletes 3 selected in the product’s dialog, Undo brings all 3 back, and deleting again removes them', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      viewport: { width: 1280, height: 900 },
    });
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signUp(page, 'Grace Hopper');
    const word = await makeSpeechClip(app.directory, 'word', [
      { silence: 0.2 },
      { say: 'one' },
      { silence: 0.2 },
    ]);
    const tiny = path.join(app.directory, 'tiny.mp3');
    await encode(word.path, tiny, ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame']);
    await uploadClips(page, tiny, ['clip-1.mp3', 'clip-2.mp3', 'clip-3.mp3', 'clip-4.mp3']);

    await page.goto('/transcriptions');
    await waitUntilHydrated(page);
    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: 'clip-1.mp3' }).waitFor();
    const bar = page.getByRole('region', { name: 'Selected transcriptions' });
    const selectThree = async () => {
      // Newest first: clip-4 at the top; a click, then a shift-click two rows down.
      await page.getByRole('checkbox', { name: 'Select clip-4.mp3' }).click();
      await page
        .getByRole('checkbox', { name: 'Select clip-2.mp3' })
        .click({ modifiers: ['Shift'] });
      await bar.getByText('3 transcripts selected').waitFor();
    };
    const confirm = page.getByRole('dialog', { name: 'Delete 3 transcripts?' });

    await selectThree();
    await bar.getByRole('button', { name: 'Delete 3' }).click();
    await confirm.getByText('You can undo this for 10 seconds.', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete 3' }).click();
    await waitForToast(page, '3 transcripts deleted');
    await list.getByRole('link', { name: 'clip-4.mp3' }).waitFor({ state: 'detached' });
    expect(await list.getByRole('link').allTextContents()).toEqual(['clip-1.mp3']);
    expect(await listedNames(page)).toEqual(['clip-1.mp3']);
    // The deleted ones left the selection with the list: the bar is gone.
    await bar.waitFor({ state: 'detached' });

    await toastArea(page).getByRole('button', { name: 'Undo' }).click();
    await waitForToast(page, '3 transcripts restored');
    await list.getByRole('link', { name: 'clip-4.mp3' }).waitFor();
    expect(await listedNames(page)).toEqual([
      'clip-1.mp3',
      'clip-2.mp3',
      'clip-3.mp3',
      'clip-4.mp3',
    ]);

    await selectThree();
    await bar.getByRole('button', { name: 'Delete 3' }).click();
    await confirm.getByRole('button', { name: 'Delete 3' }).click();
    await waitForToast(page, '3 transcripts deleted');
    await list.getByRole('link', { name: 'clip-4.mp3' }).waitFor({ state: 'detached' });
    expect(await list.getByRole('link').allTextContents()).toEqual(['clip-1.mp3']);
    await page.reload();
    await waitUntilHydrated(page);
    await list.getByRole('link', { name: 'clip-1.mp3' }).waitFor();
    expect(await list.getByRole('link').allTextContents()).toEqual(['clip-1.mp3']);
    expect(await listedNames(page)).toEqual(['clip-1.mp3']);
    expect(browserDialogs).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('“Transcribe again” asks first only when a selected transcript holds corrections, and says how many', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      viewport: { width: 1280, height: 900 },
    });
    await signUp(page, 'Ada Lovelace');
    const word = await makeSpeechClip(app.directory, 'again', [
      { silence: 0.2 },
      { say: 'two' },
      { silence: 0.2 },
    ]);
    const tiny = path.join(app.directory, 'again.mp3');
    await encode(word.path, tiny, ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame']);
    await uploadClips(page, tiny, ['plain.mp3', 'corrected.mp3']);
    const listed = await apiGet<TranscriptionDto[]>(page, '/api/transcriptions');
    const corrected = listed.body.find((item) => item.filename === 'corrected.mp3');
    if (!corrected) throw new Error('corrected.mp3 is not listed');
    const edit = await page.evaluate(async (id) => {
      const detail = (await (await fetch(`/api/transcriptions/${id}`)).json()) as TranscriptionDto;
      const segments = detail.segments.map(({ start, end }) => ({
        start,
        end,
        text: 'Corrected by hand.',
      }));
      const response = await fetch(`/api/transcriptions/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ segments }),
      });
      return response.status;
    }, corrected.id);
    expect(edit).toBe(200);

    await page.goto('/transcriptions');
    await waitUntilHydrated(page);
    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: 'corrected.mp3' }).waitFor();
    const bar = page.getByRole('region', { name: 'Selected transcriptions' });
    await page.getByRole('checkbox', { name: 'Select all 2 shown' }).click();
    await bar.getByText('2 transcripts selected').waitFor();
    await bar.getByRole('button', { name: 'Transcribe again' }).click();
    const warning = page.getByRole('dialog', { name: 'Replace the corrections in 1 transcript?' });
    await warning.getByText('1 of the 2 selected holds corrections.', { exact: false }).waitFor();
    await warning.getByRole('button', { name: 'Keep the corrections' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(
      (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${corrected.id}`)).body,
    ).toMatchObject({ status: 'completed', isEdited: true });

    // Without the corrected one nothing is lost: it runs at once, as the single button does.
    await page.getByRole('checkbox', { name: 'Select corrected.mp3' }).click();
    await bar.getByText('1 transcript selected').waitFor();
    await bar.getByRole('button', { name: 'Transcribe again' }).click();
    await waitForToast(page, '1 transcript queued to transcribe again');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
    expect(errors).toEqual([]);
  });
});
