import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SearchHitDto } from '../../src/core/api/search.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { encode, makeSpeechClip } from '../fixtures/speech/speech-fixtures.js';
import { apiGet, signUp, subscribeViaApi, waitForToast } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

/** Posts each file in turn (so their creation times are in this order); waits for the first one's transcript. */
async function uploadAll(page: Page, uploads: { file: string; name: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { file, name } of uploads) {
    const created = await page.evaluate(
      async ({ data, filename }) => {
        const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
        const form = new FormData();
        form.append('audio', new File([bytes], filename, { type: 'audio/mpeg' }));
        const response = await fetch('/api/transcriptions', { method: 'POST', body: form });
        return { status: response.status, id: ((await response.json()) as { id: string }).id };
      },
      { data: (await readFile(file)).toString('base64'), filename: name },
    );
    expect(created.status).toBe(201);
    ids.push(created.id);
  }
  // The jobs run in upload order: the first one finished is enough for what the test reads.
  await expect
    .poll(
      async () =>
        (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${ids[0]}`)).body.status,
      { timeout: 60_000, interval: 250 },
    )
    .toBe('completed');
  return ids;
}

/** For waits on the server's answers, which take their time on a busy machine. */
const WAIT = { timeout: 30_000, interval: 100 };

/** The file names the dashboard lists, in order. */
function listedNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Transcriptions' }).getByRole('link').allTextContents();
}

/** Downloads one export format through the item's menu (its Download group). */
async function downloadFromMenu(page: Page, filename: string, formatLabel: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: `Actions for ${filename}` }).click();
      await page.getByRole('menuitem', { name: formatLabel }).click();
    })(),
  ]);
  return download;
}

describe('the library and sharing against the real server', () => {
  const app = useRunningApp('sonoscript-e2e-library-');

  it('a Pro library of 12 transcripts: sort, Load more, export from the menu, share and revoke, search to the moment', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const owner = await signUp(page, 'Ida Wells');
    await subscribeViaApi(page);

    // 11 one-word clips after a counting recording: more than one page of 10.
    const word = await makeSpeechClip(app.directory, 'word', [
      { silence: 0.2 },
      { say: 'one' },
      { silence: 0.2 },
    ]);
    const tiny = path.join(app.directory, 'tiny.mp3');
    await encode(word.path, tiny, ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame']);
    const clips = Array.from({ length: 11 }, (_, index) => ({
      file: tiny,
      name: `clip-${String(index + 1).padStart(2, '0')}.mp3`,
    }));
    const [meetingId] = await uploadAll(page, [
      { file: app.audio.shortMp3.path, name: 'meeting-notes.mp3' },
      ...clips,
    ]);
    const clipNames = clips.map((clip) => clip.name);

    // Newest first, 10 at a time; Load more brings the rest and then goes away.
    await page.reload();
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.waitFor();
    expect(await listedNames(page)).toEqual(clipNames.toReversed().slice(0, 10));
    await loadMore.click();
    // The button says "Loading…" while the next page comes: wait for the rows themselves.
    await expect
      .poll(() => listedNames(page))
      .toEqual([...clipNames.toReversed(), 'meeting-notes.mp3']);
    await loadMore.waitFor({ state: 'detached' });

    const sort = page.getByRole('combobox', { name: 'Sort transcriptions' });
    await sort.selectOption('oldest');
    await expect
      .poll(() => listedNames(page), WAIT)
      .toEqual(['meeting-notes.mp3', ...clipNames.slice(0, 9)]);
    await sort.selectOption('duration');
    await expect.poll(async () => (await listedNames(page))[0], WAIT).toBe('meeting-notes.mp3');
    await sort.selectOption('name');
    await expect.poll(() => listedNames(page), WAIT).toEqual(clipNames.slice(0, 10));
    await loadMore.click();
    await expect.poll(() => listedNames(page), WAIT).toEqual([...clipNames, 'meeting-notes.mp3']);

    // Exports from the dashboard item's menu, named after the transcript.
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Sort transcriptions' }).selectOption('oldest');
    const srt = await downloadFromMenu(page, 'meeting-notes.mp3', 'Subtitles SRT (.srt)');
    expect(srt.suggestedFilename()).toBe('meeting-notes.srt');
    const subtitles = await readFile(await srt.path(), 'utf8');
    expect(subtitles).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\r?\n/);
    expect(subtitles).toContain('seven');
    await waitForToast(page, 'Download successful');
    const docx = await downloadFromMenu(page, 'meeting-notes.mp3', 'Word (.docx)');
    expect(docx.suggestedFilename()).toBe('meeting-notes.docx');
    expect((await readFile(await docx.path())).subarray(0, 2).toString()).toBe('PK');

    // Share from the item's menu: the dialog says what the link gives, and copies it.
    await page.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).click();
    await page.getByRole('menuitem', { name: 'Share…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “meeting-notes.mp3”' });
    await dialog
      .getByText('Anyone with the link can read this transcript and listen to the recording.', {
        exact: true,
      })
      .waitFor();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Public link' });
    await linkField.waitFor();
    const url = await linkField.inputValue();
    expect(url).toMatch(new RegExp(`^${app.server.baseUrl}/s/[A-Za-z0-9_-]{22,}$`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Someone signed out opens it in their own browser: text and player, nothing about the owner.
    const visitor = await openPage(app.browser, app.server.baseUrl);
    const response = await visitor.page.goto(url);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await visitor.page.getByRole('heading', { level: 1, name: 'meeting-notes.mp3' }).waitFor();
    expect(await visitor.page.locator('head meta[name="robots"]').getAttribute('content')).toBe(
      'noindex',
    );
    const shared = visitor.page.getByRole('main');
    expect(await shared.textContent()).toContain('four five six');
    const pageText = (await visitor.page.locator('body').textContent()) ?? '';
    expect(pageText).not.toContain(owner.name);
    expect(pageText).not.toContain(owner.email);
    await shared.getByRole('link', { name: 'Sonoscript', exact: true }).waitFor();
    const audio = visitor.page.getByLabel('Audio of meeting-notes.mp3');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), WAIT)
      .toBeCloseTo(app.audio.shortMp3.seconds, 0);
    const { body: meeting } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${meetingId}`,
    );
    const second = meeting.segments[1];
    if (!second) throw new Error('the recording has two segments');
    const lines = visitor.page.getByRole('list', { name: 'Timed transcript' }).getByRole('button');
    await lines.nth(1).click();
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), WAIT)
      .toBeGreaterThanOrEqual(second.start - 0.05);
    await expect.poll(() => lines.nth(1).getAttribute('aria-current'), WAIT).toBe('true');

    // The owner stops sharing: the same link now says it does not work.
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { level: 1, name: 'This link doesn’t work' }).waitFor();
    expect(await visitor.page.getByLabel('Audio of meeting-notes.mp3').count()).toBe(0);
    await visitor.context.close();
    // Chromium itself logs the refused read of the revoked link.
    expect(visitor.errors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);

    // Search as you type: the hit with its marked words.
    const { body: hits } = await apiGet<SearchHitDto[]>(page, '/api/search?q=seven');
    expect(hits.map((hit) => hit.filename)).toEqual(['meeting-notes.mp3']);
    const box = page.getByRole('searchbox', { name: 'Search transcripts' });
    await box.fill('seven');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect
      .poll(
        async () =>
          (await results.getByRole('listitem').allTextContents()).map((text) =>
            hits.some((hit) => text.startsWith(hit.filename)),
          ),
        WAIT,
      )
      .toEqual([true]);
    const marks = await results.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((mark) => mark.toLowerCase() === 'seven')).toBe(true);
    expect(await results.textContent()).not.toContain('<mark>');

    // Enter opens the best hit at its moment, the words searched for marked; the matching line is
    // on screen, its match the current one.
    const [best] = hits;
    if (!best || best.start === null) throw new Error('the best hit has no time');
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name: best.filename }).waitFor();
    expect(page.url()).toBe(
      `${app.server.baseUrl}/transcription/${best.id}?t=${Math.round(best.start * 10) / 10}&q=seven`,
    );
    expect(await page.getByRole('textbox', { name: 'Find in transcript' }).inputValue()).toBe(
      'seven',
    );
    const { body: hitTranscript } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${best.id}`,
    );
    const bestStart = best.start;
    const hitIndex = hitTranscript.segments.findIndex(
      (segment) => Math.abs(segment.start - bestStart) < 0.05,
    );
    expect(hitTranscript.segments[hitIndex]?.text).toMatch(/seven/i);
    const hitLine = page
      .getByRole('list', { name: 'Timed transcript' })
      .getByRole('listitem')
      .nth(hitIndex);
    await expect
      .poll(
        () =>
          hitLine.evaluate((line) => {
            const box = line.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        WAIT,
      )
      .toBe(true);
    expect(await hitLine.locator('mark[data-current-match]').textContent()).toBe('seven');
    const timed = page.getByRole('list', { name: 'Timed transcript' });
    expect((await timed.locator('mark').allTextContents()).every((mark) => mark === 'seven')).toBe(
      true,
    );

    await context.close();
    expect(errors).toEqual([]);
  });
});
