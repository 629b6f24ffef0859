import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { apiGet, PASSWORD, signUp, toastArea, uploadViaApi, waitForToast } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

async function transcriptOf(page: Page, id: string): Promise<TranscriptionDto> {
  return (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${id}`)).body;
}

describe.each([1280, 390])('destructive actions, safely, at %i px', (width) => {
  const app = useRunningApp(`sonoscript-e2e-safe-actions-${width}-`);
  const viewport = { width, height: 900 };

  it("deletes a transcript in the product's dialog, and Undo brings it back", async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, { viewport });
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signUp(page, 'Grace Hopper');
    const item = await uploadViaApi(page, app.audio.shortMp3.path, undefined, 120_000);
    await page.reload();

    await page.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Are you sure you want to delete this transcription?',
    });
    await confirm.getByText('You can undo this for 10 seconds.', { exact: false }).waitFor();
    // "Keep it" changes nothing.
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await apiGet<TranscriptionDto[]>(page, '/api/transcriptions')).body).toHaveLength(1);

    await page.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForToast(page, 'Transcription deleted');
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();
    expect((await apiGet<TranscriptionDto[]>(page, '/api/transcriptions')).body).toEqual([]);

    await toastArea(page).getByRole('button', { name: 'Undo' }).click();
    await waitForToast(page, 'Transcription restored');
    await page.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).waitFor();
    expect((await transcriptOf(page, item.id)).text).toBe(item.text);
    expect(browserDialogs).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('warns before "Transcribe again" replaces corrections, and History restores them', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, { viewport });
    await signUp(page, 'Ada Lovelace');
    const machine = await uploadViaApi(page, app.audio.shortMp3.path, undefined, 120_000);
    await page.goto(`/transcription/${machine.id}`);
    const lines = page.getByRole('list', { name: 'Timed transcript' }).getByRole('listitem');
    await lines.first().waitFor();

    // A correction, autosaved.
    await lines.first().locator('[tabindex="0"]').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: /^Text of the line at/ }).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type(' eleven');
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await transcriptOf(page, machine.id)).isEdited).toBe(true);
    const corrected = await transcriptOf(page, machine.id);

    await page.getByRole('button', { name: 'Transcribe again' }).click();
    const warning = page.getByRole('dialog', { name: 'Replace your corrections?' });
    await warning.getByText('Your corrected version is kept', { exact: false }).waitFor();
    await warning.getByRole('button', { name: 'Transcribe again' }).click();
    await expect
      .poll(
        async () => {
          const now = await transcriptOf(page, machine.id);
          return now.status === 'completed' && !now.text.includes('eleven');
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    await versions.first().getByText('Transcribed again', { exact: false }).waitFor();
    await versions.nth(1).getByText('Version 2: Lines corrected').waitFor();
    await versions.nth(1).getByText('by Ada Lovelace', { exact: false }).waitFor();
    await versions.nth(2).getByText('Version 1: Transcribed').waitFor();
    await history.getByRole('button', { name: 'Restore version 2' }).click();
    const restoreConfirm = page.getByRole('dialog', { name: 'Restore version 2?' });
    await restoreConfirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await waitForToast(page, 'Version 2 restored');
    await lines.first().getByText('eleven', { exact: false }).waitFor();
    const restored = await transcriptOf(page, machine.id);
    expect(restored.text).toBe(corrected.text);
    const download = await page.evaluate(
      async (id) => (await fetch(`/api/download/${id}`)).text(),
      machine.id,
    );
    expect(download).toContain('eleven');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('deletes the account only with its password, after offering the data export', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, { viewport });
    await signUp(page, 'Mary Jackson');
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Delete account' });
    expect(
      await card.getByRole('link', { name: 'Download all my data' }).getAttribute('href'),
    ).toBe('/account#export-data');
    await card.getByText('anonymised within 30 days', { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog
      .getByRole('alert')
      .getByText('That password is not right, so your account was not deleted.')
      .waitFor();
    expect((await apiGet<{ isAuthenticated: boolean }>(page, '/api/auth/status')).body).toEqual({
      isAuthenticated: true,
    });

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page
      .getByRole('heading', { name: 'Transform your audio into text in seconds' })
      .waitFor();
    expect((await apiGet<{ isAuthenticated: boolean }>(page, '/api/auth/status')).body).toEqual({
      isAuthenticated: false,
    });
    await context.close();
    // The refused attempt is a 403 the browser logs by itself.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 403 (Forbidden)',
    ]);
  });
});
