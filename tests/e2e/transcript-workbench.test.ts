import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto, TranscriptSegmentDto } from '../../src/core/api/transcriptions.js';
import { apiGet, screenshotAt, signUp, uploadViaApi } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const timedLines = (page: Page) =>
  page.getByRole('list', { name: 'Timed transcript' }).getByRole('listitem');

/** The text of a line, as shown (its time stamp left out). */
const lineText = (line: Locator) => line.locator('[tabindex="0"]');

async function transcriptOf(page: Page, id: string): Promise<TranscriptionDto> {
  return (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${id}`)).body;
}

/** Puts the keyboard on a line's text and opens it for editing with Enter. */
async function editLine(page: Page, index: number): Promise<Locator> {
  await lineText(timedLines(page).nth(index)).focus();
  await page.keyboard.press('Enter');
  const field = page.getByRole('textbox', { name: /^Text of the line at/ });
  await field.waitFor();
  return field;
}

/** Whether an element lies wholly inside the window, below the sticky header and player. */
function inView(page: Page, locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const player = document.querySelector('audio')?.parentElement?.getBoundingClientRect();
    return rect.top >= (player?.bottom ?? 0) - 1 && rect.bottom <= window.innerHeight + 1;
  });
}

describe('the transcript workbench on the detail page', () => {
  const app = useRunningApp('sonoscript-e2e-workbench-');

  it('corrects a transcript with the keyboard: edit, autosave, undo, split, merge, rename, original, a stale tab, copy, find, every download', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await signUp(page, 'Ada Lovelace');
    const machine = await uploadViaApi(page, app.audio.shortMp3.path);
    const [first, second] = machine.segments;
    if (!first || !second) throw new Error('the test audio has two spoken lines');
    await page.goto(`/transcription/${machine.id}`);
    await expect
      .poll(() => timedLines(page).count(), { timeout: 20_000 })
      .toBe(machine.segments.length);

    // Edit the first line with the keyboard; it saves itself after a pause in typing.
    const field = await editLine(page, 0);
    await page.keyboard.press('End');
    await page.keyboard.type(' eleven');
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await transcriptOf(page, machine.id)).text)
      .toBe(`${first.text} eleven ${second.text}`);
    expect(await field.count()).toBe(0);

    // Undo and redo from the keyboard (Enter left the field, focus is on the line); each is saved.
    await page.keyboard.press('Control+z');
    await expect.poll(() => lineText(timedLines(page).first()).textContent()).toBe(first.text);
    await expect
      .poll(async () => (await transcriptOf(page, machine.id)).segments[0]?.text)
      .toBe(first.text);
    await page.keyboard.press('Control+Shift+z');
    await expect
      .poll(async () => (await transcriptOf(page, machine.id)).segments[0]?.text)
      .toBe(`${first.text} eleven`);
    await page.reload();
    await lineText(timedLines(page).first()).getByText(`${first.text} eleven`).waitFor();
    // The undo history survives the reload: the edit made before it can still be taken back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => (await transcriptOf(page, machine.id)).segments[0]?.text)
      .toBe(first.text);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect
      .poll(async () => (await transcriptOf(page, machine.id)).segments[0]?.text)
      .toBe(`${first.text} eleven`);
    // The corrected line is marked as edited; the machine's other line is not.
    await timedLines(page).first().getByText('edited', { exact: true }).waitFor();
    expect(await timedLines(page).nth(1).getByText('edited', { exact: true }).count()).toBe(0);

    // Split the second line after its fifth word, at the caret; the time is shared.
    const words = second.text.split(' ');
    await editLine(page, 1);
    await page.keyboard.press('Home');
    for (let word = 0; word < 5; word += 1) await page.keyboard.press('Control+ArrowRight');
    await page.getByRole('button', { name: 'Split at cursor' }).click();
    await expect.poll(() => timedLines(page).count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(async () => (await transcriptOf(page, machine.id)).segments.length).toBe(3);
    const split = (await transcriptOf(page, machine.id)).segments;
    expect(split[1]).toMatchObject({ start: second.start, text: words.slice(0, 5).join(' ') });
    expect(split[2]).toMatchObject({ end: second.end, text: words.slice(5).join(' ') });
    expect(split[1]?.end).toBe(split[2]?.start);
    expect(split[1]?.end).toBeGreaterThan(second.start);
    expect(split[1]?.end).toBeLessThan(second.end);

    // Merge them back: the second line is whole again.
    await page.keyboard.press('Escape');
    await editLine(page, 1);
    await page.getByRole('button', { name: 'Merge with next' }).click();
    await expect.poll(() => timedLines(page).count(), { timeout: 20_000 }).toBe(2);
    // Times, text and speaker come back; the merged line's words are aligned again.
    const timedText = (line: typeof second | undefined) =>
      line && { start: line.start, end: line.end, text: line.text, speaker: line.speaker };
    await expect
      .poll(async () => timedText((await transcriptOf(page, machine.id)).segments[1]))
      .toEqual(timedText(second));
    await page.keyboard.press('Escape');

    // Rename it in place.
    await page.getByRole('button', { name: 'Rename transcript' }).click();
    await page.getByRole('textbox', { name: 'Transcript name' }).fill('Board meeting');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Board meeting' }).waitFor();
    await expect
      .poll(async () => (await transcriptOf(page, machine.id)).filename)
      .toBe('Board meeting');

    // The machine's first transcript, read-only, and restoring it.
    await page.getByRole('button', { name: 'Show original' }).click();
    const original = page.getByRole('list', { name: 'Original transcript' });
    await original.getByText(first.text, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Restore original' }).click();
    await lineText(timedLines(page).first()).getByText(first.text, { exact: true }).waitFor();
    await expect
      .poll(async () => (await transcriptOf(page, machine.id)).segments.map(timedText))
      .toEqual(machine.segments.map(timedText));
    await expect.poll(() => page.getByRole('button', { name: 'Show original' }).count()).toBe(0);

    // A second tab saves first; this tab's next edit is refused and it says so.
    const other = await context.newPage();
    await other.goto(`/transcription/${machine.id}`);
    await editLine(other, 0);
    await other.keyboard.press('End');
    await other.keyboard.type(' twelve');
    await other.keyboard.press('Enter');
    await expect.poll(async () => (await transcriptOf(page, machine.id)).text).toContain('twelve');
    await other.close();
    await editLine(page, 0);
    await page.keyboard.press('End');
    await page.keyboard.type(' thirteen');
    await page.keyboard.press('Enter');
    await page.getByText('This transcript was changed in another tab or window.').waitFor();
    await page.getByRole('button', { name: 'Reload transcript' }).click();
    await lineText(timedLines(page).first()).getByText(`${first.text} twelve`).waitFor();
    expect(await page.getByText('thirteen').count()).toBe(0);
    const latest = await transcriptOf(page, machine.id);

    // Copy text puts the whole transcript on the clipboard.
    await page.getByRole('button', { name: 'Copy text' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(latest.text);

    // Find marks every match, counts them and steps through them.
    const expected = latest.text.toLowerCase().split('five').length - 1;
    expect(expected).toBeGreaterThanOrEqual(2);
    const find = page.getByRole('textbox', { name: 'Find in transcript' });
    await find.fill('five');
    await page.getByText(`1 of ${expected}`, { exact: true }).waitFor();
    expect(await page.locator('mark').count()).toBe(expected);
    await find.press('Enter');
    await page.getByText(`2 of ${expected}`, { exact: true }).waitFor();
    await find.press('Shift+Enter');
    await page.getByText(`1 of ${expected}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Previous match' }).click();
    await page.getByText(`${expected} of ${expected}`, { exact: true }).waitFor();
    expect(await page.locator('mark[data-current-match]').textContent()).toBe('five');
    for (const width of [1280, 390]) await screenshotAt(page, 'workbench-find', width);

    // Every format from the Download menu, named after the transcript and of its kind.
    const download = async (item: string) => {
      await page.getByRole('button', { name: 'Download' }).click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: item }).click(),
      ]);
      return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
    };
    const txt = await download('Text (.txt)');
    expect(txt).toMatchObject({ name: 'Board meeting.txt' });
    // The transcript's words, in paragraphs at its pauses.
    expect(txt.bytes.toString('utf8').replace(/\s+/g, ' ').trim()).toBe(latest.text);
    const srt = await download('Subtitles SRT (.srt)');
    expect(srt.name).toBe('Board meeting.srt');
    expect(srt.bytes.toString('utf8')).toMatch(/^1\r?\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}/);
    const vtt = await download('Subtitles WebVTT (.vtt)');
    expect(vtt.name).toBe('Board meeting.vtt');
    expect(vtt.bytes.toString('utf8')).toMatch(/^WEBVTT\r?\n/);
    const docx = await download('Word (.docx)');
    expect(docx.name).toBe('Board meeting.docx');
    expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const pdf = await download('PDF (.pdf)');
    expect(pdf.name).toBe('Board meeting.pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const json = await download('JSON (.json)');
    expect(json.name).toBe('Board meeting.json');
    expect(JSON.parse(json.bytes.toString('utf8'))).toMatchObject({
      filename: 'Board meeting',
      // Each line as it stands; its words may have been aligned again since `latest` was read.
      segments: latest.segments.map(timedText),
    });
    const markdown = await download('Markdown (.md)');
    expect(markdown.name).toBe('Board meeting.md');
    expect(markdown.bytes.toString('utf8')).toMatch(/^# Board meeting/);

    await context.close();
    // The refused stale save is logged by Chromium itself.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
  });

  it('follows playback: the player stays in view and the playing line is marked and kept in view, at 1280 and 390 px; ?t= opens at a moment', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Grace Hopper');
    const machine = await uploadViaApi(page, app.audio.shortMp3.path);
    // Many short lines, so the transcript is longer than the window.
    const end = Math.min(machine.durationInSeconds - 0.3, 10.5);
    const lines: TranscriptSegmentDto[] = Array.from({ length: 21 }, (_, index) => ({
      start: (index * end) / 21,
      end: ((index + 1) * end) / 21,
      text: `line ${index + 1} of the meeting`,
      speaker: 'Speaker 1',
    }));
    const patched = await page.evaluate(
      async ({ id, segments }) =>
        (
          await fetch(`/api/transcriptions/${id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ segments }),
          })
        ).status,
      { id: machine.id, segments: lines },
    );
    expect(patched).toBe(200);

    const lineAt = (seconds: number) =>
      lines.findIndex((line) => seconds >= line.start && seconds < line.end);
    const playing = page.locator('li[aria-current="true"]');
    const audio = page.locator('audio');
    const currentTime = () => audio.evaluate((element: HTMLAudioElement) => element.currentTime);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 640 });
      const moment = lines[14]?.start ?? 0;
      await page.goto(`/transcription/${machine.id}?t=${(moment + 0.1).toFixed(2)}`);
      await expect.poll(() => timedLines(page).count(), { timeout: 20_000 }).toBe(lines.length);
      await expect.poll(currentTime).toBeCloseTo(moment + 0.1, 1);
      await expect.poll(() => playing.getAttribute('data-segment-index')).toBe('14');
      // The page scrolls smoothly to the moment: wait for it to arrive, as a person would.
      await expect.poll(() => inView(page, playing)).toBe(true);

      // Play from the first line at double speed: the mark moves down and the page follows it.
      await page.getByRole('combobox', { name: 'Playback speed' }).selectOption('2');
      await page.getByRole('button', { name: 'Play from 0:00' }).first().click();
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused))
        .toBe(false);
      expect(await audio.evaluate((element: HTMLAudioElement) => element.playbackRate)).toBe(2);
      await expect
        .poll(async () => Number(await playing.getAttribute('data-segment-index')), {
          timeout: 20_000,
          interval: 50,
        })
        .toBeGreaterThanOrEqual(16);
      expect(await inView(page, playing)).toBe(true);
      const box = await audio.boundingBox();
      expect(box?.y).toBeGreaterThan(0);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(320);
      await screenshotAt(page, 'workbench-follow', width, { height: 640, fullPage: false });

      // Space plays and pauses outside fields; the arrows seek five seconds.
      const isPaused = () => audio.evaluate((element: HTMLAudioElement) => element.paused);
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => element.ended), {
          timeout: 20_000,
        })
        .toBe(true);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Space');
      await expect.poll(isPaused).toBe(false);
      await page.keyboard.press('Space');
      await expect.poll(isPaused).toBe(true);
      const paused = await currentTime();
      await page.keyboard.press('ArrowRight');
      await expect.poll(currentTime).toBeCloseTo(paused + 5, 1);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(currentTime).toBeCloseTo(paused, 1);
      await expect
        .poll(async () => Number(await playing.getAttribute('data-segment-index')))
        .toBe(lineAt(paused));

      // Scrolling by hand while it plays turns Follow off.
      await page.keyboard.press('Space');
      await expect.poll(isPaused).toBe(false);
      await page.mouse.wheel(0, -300);
      const follow = page.getByRole('button', { name: 'Follow' });
      await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
      await page.keyboard.press('Space');
      await expect.poll(isPaused).toBe(true);
    }

    await context.close();
    expect(errors).toEqual([]);
  });
});
