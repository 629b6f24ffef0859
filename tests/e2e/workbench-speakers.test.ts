import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto, TranscriptSegmentDto } from '../../src/core/api/transcriptions.js';
import { MESSAGES } from '../../src/core/messages.js';
import { apiGet, screenshotAt, signUp, uploadViaApi, waitForToast } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const timedLines = (page: Page) =>
  page.getByRole('list', { name: 'Timed transcript' }).getByRole('listitem');

/** Each line's speaker, as the page marks it. */
const shownSpeakers = (page: Page) =>
  timedLines(page).evaluateAll((lines) => lines.map((line) => line.getAttribute('data-speaker')));

/** The speaker names shown at the start of turns, in order. */
const turnNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Timed transcript' })
    .getByRole('button', { name: /^Rename / })
    .allTextContents();

async function storedSpeakers(page: Page, id: string): Promise<string[]> {
  const { body } = await apiGet<TranscriptionDto>(page, `/api/transcriptions/${id}`);
  return body.segments.map((segment) => segment.speaker);
}

/** Gives a transcript these lines, as the workbench's own PATCH would. */
async function patchSegments(page: Page, id: string, segments: TranscriptSegmentDto[]) {
  const status = await page.evaluate(
    async ({ id, segments }) =>
      (
        await fetch(`/api/transcriptions/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ segments }),
        })
      ).status,
    { id, segments },
  );
  expect(status).toBe(200);
}

describe('speakers in the web app', () => {
  const app = useRunningApp('sonoscript-e2e-speakers-');

  it('names a speaker once and sees every line of theirs change (autosaved); gives a line to another speaker by key and by menu; undo and restore original take it back', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Ada Lovelace');
    const machine = await uploadViaApi(page, app.audio.shortMp3.path);
    const end = Math.min(machine.durationInSeconds - 0.3, 10.5);
    const who = ['Speaker 1', 'Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2', 'Speaker 2'];
    const texts = [
      'Good morning, and thank you for coming in today.',
      'We have a lot to talk about.',
      'Glad to be here.',
      'Let us start with the budget.',
      'Of course.',
      'The numbers are in the report I sent on Monday.',
    ];
    const lines = who.map((speaker, index) => ({
      start: (index * end) / who.length,
      end: ((index + 1) * end) / who.length,
      text: texts[index] ?? '',
      speaker,
    }));
    await patchSegments(page, machine.id, lines);
    await page.goto(`/transcription/${machine.id}`);
    await expect.poll(() => timedLines(page).count(), { timeout: 20_000 }).toBe(6);

    // Two voices: each turn is led by its speaker's name, once.
    expect(await turnNames(page)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2']);

    // Naming: empty and too long are refused with a message; a good name is trimmed and saved.
    await page.getByRole('button', { name: 'Rename Speaker 1' }).first().click();
    const field = page.getByRole('textbox', { name: 'New name for Speaker 1' });
    await field.fill('   ');
    await field.press('Enter');
    await page.getByRole('alert').getByText('Give the speaker a name.').waitFor();
    await field.fill('M'.repeat(61));
    await page.getByRole('alert').getByText('A name has at most 60 characters.').waitFor();
    await screenshotAt(page, 'workbench-speaker-rename', 390);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await storedSpeakers(page, machine.id)).toEqual(who);
    await field.fill('  Maria ');
    await field.press('Enter');
    const named = who.map((speaker) => (speaker === 'Speaker 1' ? 'Maria' : speaker));
    await expect.poll(() => shownSpeakers(page)).toEqual(named);
    expect(await turnNames(page)).toEqual(['Maria', 'Speaker 2', 'Maria', 'Speaker 2']);
    // The keyboard is back on the name it renamed.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Rename Maria');
    await expect.poll(() => storedSpeakers(page, machine.id)).toEqual(named);
    await page.reload();
    await expect
      .poll(() => turnNames(page), { timeout: 20_000 })
      .toEqual(['Maria', 'Speaker 2', 'Maria', 'Speaker 2']);
    for (const width of [1280, 390]) await screenshotAt(page, 'workbench-speakers', width);
    await page.setViewportSize({ width: 1280, height: 900 });

    // As plain text: a paragraph per turn, led by the name.
    await page.getByRole('button', { name: 'Plain text' }).click();
    await page.getByText(`Maria: ${texts[0]} ${texts[1]}`, { exact: true }).waitFor();
    await page.getByText(`Speaker 2: ${texts[4]} ${texts[5]}`, { exact: true }).waitFor();
    await screenshotAt(page, 'workbench-speakers-text', 390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Timed' }).click();

    // With a mouse a line's speaker button waits for the line to be pointed at; on a touch
    // screen, which cannot point, it is always there.
    const speakerButton = (on: Page) =>
      timedLines(on).first().getByRole('button', { name: 'Speaker of the line at 0:00: Maria' });
    const opacity = (on: Page) =>
      speakerButton(on).evaluate((element) => getComputedStyle(element).opacity);
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity(page)).toBe('0');
    await timedLines(page).first().hover();
    await expect.poll(() => opacity(page)).toBe('1');
    const phone = await openPage(app.browser, app.server.baseUrl, {
      storageState: await context.storageState(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.page.goto(`/transcription/${machine.id}`);
    await speakerButton(phone.page).waitFor({ timeout: 20_000 });
    expect(await phone.page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    expect(await opacity(phone.page)).toBe('1');
    await timedLines(phone.page).first().scrollIntoViewIfNeeded();
    await screenshotAt(phone.page, 'workbench-speakers-touch', 390, {
      height: 844,
      fullPage: false,
    });
    await phone.context.close();
    expect(phone.errors).toEqual([]);

    // The second line goes to the second speaker with the key 2, from the line itself.
    await timedLines(page).nth(1).locator('[tabindex="0"]').focus();
    await page.keyboard.press('2');
    const reassigned = named.map((speaker, index) => (index === 1 ? 'Speaker 2' : speaker));
    await expect.poll(() => shownSpeakers(page)).toEqual(reassigned);
    expect(await turnNames(page)).toEqual(['Maria', 'Speaker 2', 'Maria', 'Speaker 2']);
    await expect.poll(() => storedSpeakers(page, machine.id)).toEqual(reassigned);

    // Undo gives it back, and that is saved too.
    await page.keyboard.press('Control+z');
    await expect.poll(() => shownSpeakers(page)).toEqual(named);
    await expect.poll(() => storedSpeakers(page, machine.id)).toEqual(named);

    // S opens the line's speaker menu; a new speaker takes the last line.
    await timedLines(page).nth(5).locator('[tabindex="0"]').focus();
    await page.keyboard.press('s');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitemradio', { name: /^Speaker 2/, checked: true }).waitFor();
    expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual([
      'Maria1',
      'Speaker 22',
    ]);
    await screenshotAt(page, 'workbench-speaker-menu', 1280, { fullPage: false });
    await menu.getByRole('menuitem', { name: 'New speaker' }).click();
    const withNewcomer = named.map((speaker, index) => (index === 5 ? 'Speaker 3' : speaker));
    await expect.poll(() => shownSpeakers(page)).toEqual(withNewcomer);
    expect(await turnNames(page)).toEqual([
      'Maria',
      'Speaker 2',
      'Maria',
      'Speaker 2',
      'Speaker 3',
    ]);
    await expect.poll(() => storedSpeakers(page, machine.id)).toEqual(withNewcomer);

    // Restoring the machine's original brings back its one voice: no names are shown.
    await page.getByRole('button', { name: 'Show original' }).click();
    await page.getByRole('button', { name: 'Restore original' }).click();
    await expect.poll(() => shownSpeakers(page)).toEqual(machine.segments.map(() => 'Speaker 1'));
    expect(await turnNames(page)).toEqual([]);
    await expect
      .poll(() => storedSpeakers(page, machine.id))
      .toEqual(machine.segments.map(() => 'Speaker 1'));

    await context.close();
    expect(errors).toEqual([]);
  });

  it('the upload form asks for the number of speakers and sends it with the audio', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Grace Hopper');
    await page.getByLabel('Audio file', { exact: true }).setInputFiles(app.audio.shortMp3.path);
    await page.getByText('Ready to upload', { exact: true }).waitFor();

    const count = page.getByRole('combobox', { name: 'Number of speakers' });
    expect(await count.inputValue()).toBe('auto');
    expect(await count.locator('option').allTextContents()).toEqual([
      'Detect automatically',
      ...Array.from({ length: 10 }, (_, at) => String(at + 1)),
    ]);
    for (const width of [1280, 390]) await screenshotAt(page, 'upload-speakers', width);
    await page.setViewportSize({ width: 1280, height: 900 });

    // With the keyboard: from "Detect automatically" two steps down is 2.
    await count.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await count.inputValue()).toBe('2');

    // The dashboard uploads over tus: the choices travel in the creation request's metadata.
    const created = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/uploads'),
    );
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    const header = (await created).headers()['upload-metadata'] ?? '';
    const sent = Object.fromEntries(
      header.split(',').map((pair) => {
        const [key = '', value = ''] = pair.trim().split(' ');
        return [key, Buffer.from(value, 'base64').toString('utf8')];
      }),
    );
    expect(sent).toEqual({
      filename: 'meeting-notes.mp3',
      filetype: 'audio/mpeg',
      speakers: '2',
      language: 'auto',
      task: 'transcribe',
      denoise: 'auto',
    });
    await waitForToast(page, MESSAGES.transcriptionCompleteTitle);

    await context.close();
    expect(errors).toEqual([]);
  });

  it('shows one voice as plain text in a paragraph per pause, and downloads it so', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Mary Somerville');
    const machine = await uploadViaApi(page, app.audio.shortMp3.path);
    const lines = [
      { start: 0, end: 2, text: 'Welcome to the budget meeting.', speaker: 'Speaker 1' },
      { start: 2.2, end: 4, text: 'The forecast comes first.', speaker: 'Speaker 1' },
      { start: 6.5, end: 8, text: 'Now the hiring plan.', speaker: 'Speaker 1' },
      { start: 8.2, end: 9.5, text: 'Two roles open in March.', speaker: 'Speaker 1' },
    ];
    await patchSegments(page, machine.id, lines);
    await page.goto(`/transcription/${machine.id}`);
    await page.getByRole('button', { name: 'Plain text' }).click();
    const paragraphs = page.getByRole('main').locator('p[dir="auto"]');
    await expect
      .poll(() => paragraphs.allTextContents())
      .toEqual([
        'Welcome to the budget meeting. The forecast comes first.',
        'Now the hiring plan. Two roles open in March.',
      ]);
    for (const width of [1280, 390]) await screenshotAt(page, 'workbench-plain-text', width);

    const downloaded = await page.evaluate(
      async (id) => (await fetch(`/api/download/${id}`)).text(),
      machine.id,
    );
    expect(downloaded).toBe(
      'Welcome to the budget meeting. The forecast comes first.\n\n' +
        'Now the hiring plan. Two roles open in March.',
    );
    await context.close();
    expect(errors).toEqual([]);
  });
});
