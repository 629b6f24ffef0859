import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { KnownVoicesDto } from '../../src/core/api/voices.js';
import { apiGet, signUp, uploadViaApi, waitForToast } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';
import { speakersDataDirectory } from '../fixtures/speech/dev-set.js';

const SPEAKERS_DATA = speakersDataDirectory();

/** Renames speakers of a transcript, as an API client would. */
async function renameSpeakers(page: Page, id: string, speakers: Record<string, string>) {
  const status = await page.evaluate(
    async ({ id, speakers }) =>
      (
        await fetch(`/api/transcriptions/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ speakers }),
        })
      ).status,
    { id, speakers },
  );
  expect(status).toBe(200);
}

describe('known voices in account settings', () => {
  const app = useRunningApp('sonoscript-e2e-voices-');

  it('turns remembering on, lists the voices named with their recording, renames one and forgets another', async () => {
    const recording = path.join(app.directory, 'board-meeting.flac');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      path.join(SPEAKERS_DATA, 'conversation-03-2-speakers.flac'),
      '-t',
      '15.5',
      '-y',
      recording,
    ]);
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Ada Lovelace');
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Known voices' });
    const remember = section.getByRole('checkbox', { name: 'Remember voices I name' });
    await remember.waitFor();
    expect(await remember.isChecked()).toBe(false);
    // The box shows the saved choice: it changes once the server has it.
    await remember.click();
    await waitForToast(page, 'Voice settings saved');
    await expect.poll(() => remember.isChecked()).toBe(true);
    await section.getByText('No voices remembered.').waitFor();

    const transcript = await uploadViaApi(page, recording, 'board-meeting.flac', 240_000);
    await renameSpeakers(page, transcript.id, { 'Speaker 1': 'Grace', 'Speaker 2': 'Ada' });
    // A worker measures the named voices just after the rename.
    const remembered = async () =>
      (await apiGet<KnownVoicesDto>(page, '/api/voices')).body.voices.length;
    await expect.poll(remembered, { timeout: 60_000 }).toBe(2);
    await page.reload();
    const voices = section.getByRole('list', { name: 'Remembered voices' }).getByRole('listitem');
    await voices.filter({ hasText: 'Grace' }).waitFor();
    expect(await voices.count()).toBe(2);
    const link = voices
      .filter({ hasText: 'Ada' })
      .getByRole('link', { name: 'board-meeting.flac' });
    expect(await link.getAttribute('href')).toBe(`/transcription/${transcript.id}`);

    await section.getByRole('button', { name: 'Rename Ada' }).click();
    const field = section.getByLabel('New name for Ada');
    await field.fill('Speaker 4');
    await field.press('Enter');
    await section.getByText('choose another name', { exact: false }).waitFor();
    await field.fill('Ada Lovelace');
    await field.press('Enter');
    await section.getByRole('button', { name: 'Rename Ada Lovelace' }).waitFor();

    await section.getByRole('button', { name: 'Forget Grace' }).click();
    await page.getByRole('button', { name: 'Forget', exact: true }).click();
    await waitForToast(page, '“Grace” forgotten');
    await expect.poll(() => voices.count()).toBe(1);
    const { body } = await apiGet<KnownVoicesDto>(page, '/api/voices');
    expect(body.voices.map((voice) => voice.name)).toEqual(['Ada Lovelace']);
    await context.close();
    // The one refused rename, and nothing else.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    // 15 s of real speech through PocketSphinx: minutes when the machine is busy.
  }, 360_000);
});
