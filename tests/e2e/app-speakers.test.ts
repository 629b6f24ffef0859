import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ShareLinkDto } from '../../src/core/api/sharing.js';
import type { TranscriptSegmentDto } from '../../src/core/api/transcriptions.js';
import { postJson, signUp, uploadViaApi } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

/** For waits on the server's answers, which take their time on a busy machine. */
const WAIT = { timeout: 30_000, interval: 100 };

/** Gives a transcript these lines, as the workbench saves them. */
async function saveLines(page: Page, id: string, segments: TranscriptSegmentDto[]) {
  const status = await page.evaluate(
    async ({ target, lines }) =>
      (
        await fetch(target, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ segments: lines }),
        })
      ).status,
    { target: `/api/transcriptions/${id}`, lines: segments },
  );
  expect(status).toBe(200);
}

const hitLinks = (page: Page) =>
  page.getByRole('list', { name: 'Search results' }).getByRole('link');

describe('speakers in search and on the shared page, against the real server', () => {
  const app = useRunningApp('sonoscript-e2e-speakers-');

  it('finds a speaker by name, narrows a search to them, and names them on the shared page', async () => {
    const { page, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Nellie Bly');
    const interview = await uploadViaApi(page, app.audio.shortMp3.path, 'interview.mp3');
    const notes = await uploadViaApi(page, app.audio.shortMp3.path, 'notes.mp3');
    await saveLines(page, interview.id, [
      { start: 0, end: 3, text: 'We open the harbour budget.', speaker: 'Maria Kowalski' },
      { start: 3, end: 6, text: 'The harbour budget is late.', speaker: 'Jonas Berg' },
      { start: 6, end: 9, text: 'Then we wait.', speaker: 'Maria Kowalski' },
    ]);
    await saveLines(page, notes.id, [
      { start: 0, end: 5, text: 'The harbour budget again.', speaker: 'Speaker 1' },
    ]);

    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search transcripts' });
    await search.fill('harbour');
    await expect.poll(() => hitLinks(page).count(), WAIT).toBe(2);
    const speaker = page.getByRole('combobox', {
      name: 'Only transcripts where this speaker speaks',
    });
    expect(await speaker.locator('option').allTextContents()).toEqual([
      'Anyone',
      'Maria Kowalski',
      'Jonas Berg',
    ]);
    await speaker.selectOption('Jonas Berg');
    await expect.poll(() => hitLinks(page).count(), WAIT).toBe(1);
    // The hit opens the interview where Jonas says it.
    expect(await hitLinks(page).first().getAttribute('href')).toBe(
      `/transcription/${interview.id}?t=3&q=harbour`,
    );
    await speaker.selectOption('Anyone');
    await expect.poll(() => hitLinks(page).count(), WAIT).toBe(2);

    // A name finds the transcript where that person speaks, never says it; the line is shown.
    await search.fill('kowalski');
    await expect
      .poll(() => hitLinks(page).allTextContents(), WAIT)
      .toEqual([expect.stringContaining('Maria Kowalski: We open the harbour budget.')]);

    // The shared page names each turn's speaker; a one-voice transcript shows no names.
    const shared = async (id: string) => {
      const link = await postJson<ShareLinkDto>(page, `/api/transcriptions/${id}/share`);
      expect(link.status).toBe(200);
      const visitor = await openPage(app.browser, app.server.baseUrl);
      await visitor.page.goto(link.body.url);
      const lines = visitor.page.getByRole('list', { name: 'Timed transcript' });
      await lines.getByRole('button').first().waitFor(WAIT);
      return lines;
    };
    const interviewLines = await shared(interview.id);
    expect(await interviewLines.locator('li > p').allTextContents()).toEqual([
      'Maria Kowalski',
      'Jonas Berg',
      'Maria Kowalski',
    ]);
    expect(await interviewLines.getByRole('button').count()).toBe(3);
    const notesLines = await shared(notes.id);
    expect(await notesLines.locator('li > p').count()).toBe(0);
    expect(await notesLines.textContent()).not.toContain('Speaker 1');
    expect(errors).toEqual([]);
  });
});
