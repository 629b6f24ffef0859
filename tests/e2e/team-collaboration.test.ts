import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  apiGet,
  PASSWORD,
  screenshotAt,
  signUp,
  TRANSCRIPTION_WAIT_MS,
  waitForToast,
} from './support/app.js';
import { openPage, type PageWatch } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const timedLines = (page: Page) =>
  page.getByRole('list', { name: 'Timed transcript' }).getByRole('listitem');
const lineText = (line: Locator) => line.locator('[tabindex="0"]');
const editField = (page: Page) => page.getByRole('textbox', { name: /^Text of the line at/ });

/** The owner invites an address with a role from the team page and copies the link. */
async function invite(owner: Page, email: string, role: 'editor' | 'viewer'): Promise<string> {
  const card = owner.getByRole('region', { name: 'Invite people' });
  await card.getByLabel('Email address').fill(email);
  await card.getByLabel('Role').selectOption(role);
  await card.getByRole('button', { name: 'Invite' }).click();
  await card.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor();
  await card.getByRole('button', { name: 'Copy link' }).click();
  await card.getByRole('button', { name: 'Copied' }).waitFor();
  return owner.evaluate(() => navigator.clipboard.readText());
}

/** A new person opens the link in a browser of their own, signs up and joins. */
async function join(person: PageWatch, link: string, name: string, email: string): Promise<void> {
  const { page } = person;
  await page.goto(link);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Join Metro desk' }).click();
  await page.getByRole('heading', { level: 1, name: 'Metro desk' }).waitFor();
}

describe('a newsroom in one team, each in a browser of their own', () => {
  const app = useRunningApp('sonoscript-e2e-team-');

  it('the owner invites, the editor uploads into the team and corrects a line, the viewer sees it live and cannot edit', async () => {
    const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
    const owner = await openPage(app.browser, app.server.baseUrl, clipboard);
    await signUp(owner.page, 'Olivia Owner');
    await owner.page.goto('/teams');
    await owner.page.getByLabel('Team name').fill('Metro desk');
    await owner.page.getByRole('button', { name: 'Create team' }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Metro desk' }).waitFor();
    const stamp = Date.now();
    const editorEmail = `ed-${stamp}@example.com`;
    const viewerEmail = `vera-${stamp}@example.com`;
    const editorLink = await invite(owner.page, editorEmail, 'editor');
    const viewerLink = await invite(owner.page, viewerEmail, 'viewer');

    const editor = await openPage(app.browser, app.server.baseUrl);
    await join(editor, editorLink, 'Ed Editor', editorEmail);
    const viewer = await openPage(app.browser, app.server.baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    await join(viewer, viewerLink, 'Vera Viewer', viewerEmail);

    // The editor chooses the team's library on the dashboard and uploads into it.
    await editor.page.goto('/');
    await editor.page.getByLabel('Library').selectOption({ label: 'Metro desk' });
    await editor.page
      .getByLabel('Audio file', { exact: true })
      .setInputFiles(app.audio.shortMp3.path);
    await editor.page.getByText('Ready to upload', { exact: true }).waitFor();
    await editor.page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    await waitForToast(editor.page, 'Transcription complete!', undefined, {
      timeout: TRANSCRIPTION_WAIT_MS,
    });
    const row = editor.page
      .getByRole('list', { name: 'Transcriptions' })
      .getByRole('listitem')
      .filter({ hasText: 'Uploaded by Ed Editor' });
    await row.getByRole('link').first().click();
    await editor.page.waitForURL(/\/transcription\//);
    const id = new URL(editor.page.url()).pathname.split('/').pop() ?? '';
    const uploaded = (await apiGet<TranscriptionDto>(editor.page, `/api/transcriptions/${id}`))
      .body;
    expect(uploaded).toMatchObject({ access: 'editor', uploader: { name: 'Ed Editor' } });
    const [first] = uploaded.segments;
    if (!first) throw new Error('the test audio has a spoken line');

    // The viewer finds it in the team's library (not in their own) and opens it.
    await viewer.page.goto('/');
    await viewer.page.getByLabel('Library').selectOption({ label: 'Metro desk' });
    await viewer.page
      .getByRole('list', { name: 'Transcriptions' })
      .getByRole('listitem')
      .filter({ hasText: 'Uploaded by Ed Editor' })
      .getByRole('link')
      .first()
      .click();
    await viewer.page.waitForURL(`**/transcription/${id}`);
    await expect
      .poll(() => timedLines(viewer.page).count(), { timeout: 20_000 })
      .toBe(uploaded.segments.length);

    // The editor corrects the first line; it saves itself.
    await expect.poll(() => timedLines(editor.page).count()).toBe(uploaded.segments.length);
    await lineText(timedLines(editor.page).first()).focus();
    await editor.page.keyboard.press('Enter');
    await editField(editor.page).waitFor();
    await editor.page.keyboard.press('End');
    await editor.page.keyboard.type(' checked by the desk');
    await editor.page.getByText('Saved', { exact: true }).waitFor();
    await editor.page.keyboard.press('Enter');

    // The viewer's open page shows the correction without a reload.
    await expect
      .poll(() => lineText(timedLines(viewer.page).first()).textContent(), { timeout: 20_000 })
      .toBe(`${first.text} checked by the desk`);

    // The viewer cannot open a line for editing, and the server refuses a hand-made edit.
    await lineText(timedLines(viewer.page).first()).focus();
    await viewer.page.keyboard.press('Enter');
    expect(await editField(viewer.page).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const refused = await viewer.page.evaluate(async (transcriptionId) => {
      const response = await fetch(`/api/transcriptions/${transcriptionId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filename: 'Mine now' }),
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    }, id);
    expect(refused).toEqual({
      status: 403,
      body: expect.objectContaining({
        message: 'As a viewer of this team you cannot do this.',
      }) as unknown,
    });
    await screenshotAt(viewer.page, 'team-viewer-workbench', 390);
    await screenshotAt(editor.page, 'team-editor-workbench', 1280);

    expect(owner.errors).toEqual([]);
    expect(editor.errors).toEqual([]);
    // The refused PATCH above, as the browser logs it; nothing else went wrong.
    expect(viewer.errors).toEqual([
      'Failed to load resource: the server responded with a status of 403 (Forbidden)',
    ]);
    for (const person of [owner, editor, viewer]) await person.context.close();
  });
});
