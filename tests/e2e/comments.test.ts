import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CommentDto, HighlightDto } from '../../src/core/api/comments.js';
import { apiGet, screenshotAt, signUp, uploadViaApi } from './support/app.js';
import { openPage, watchErrors } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const timedLines = (page: Page) =>
  page.getByRole('list', { name: 'Timed transcript' }).getByRole('listitem');

/** Selects the first word of a line's text, as a person would by double-clicking it. */
async function selectFirstWord(page: Page, index: number): Promise<string> {
  return timedLines(page)
    .nth(index)
    .locator('[data-line-text]')
    .evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const node = walker.nextNode() as Text;
      const word = /\S+/.exec(node.data)?.[0] ?? '';
      const range = document.createRange();
      range.setStart(node, node.data.indexOf(word));
      range.setEnd(node, node.data.indexOf(word) + word.length);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      return word;
    });
}

describe('comments and highlights on the workbench', () => {
  const app = useRunningApp('sonoscript-e2e-comments-');

  it('comments on a line, replies, resolves and highlights; another open tab sees it live; a reload keeps it', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Ada Lovelace');
    const machine = await uploadViaApi(page, app.audio.shortMp3.path);
    await page.goto(`/transcription/${machine.id}`);
    await expect
      .poll(() => timedLines(page).count(), { timeout: 20_000 })
      .toBe(machine.segments.length);
    await page.getByRole('region', { name: 'Comments' }).getByText('No comments yet.').waitFor();

    // A second tab on the same transcript, to see the comments arrive without a reload.
    const other = await context.newPage();
    const otherErrors = watchErrors(other);
    await other.goto(`/transcription/${machine.id}`);
    await timedLines(other).first().waitFor();

    const firstTime =
      (await timedLines(page)
        .first()
        .getByRole('button', { name: /^Play from/ })
        .textContent()) ?? '';
    const onFirst = (what: string) => `${what} on the line at ${firstTime}`;

    // The keyboard reaches the line's Comment action; the field takes the words, Ctrl+Enter sends.
    await page.getByRole('button', { name: onFirst('Comment'), exact: true }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Comments' });
    await panel.getByRole('heading', { name: `Comments on the line at ${firstTime}` }).waitFor();
    await panel.getByRole('textbox', { name: 'Comment on this line' }).fill('Check this figure.');
    await page.keyboard.press('Control+Enter');
    const thread = panel.getByRole('article', { name: 'Thread by Ada Lovelace' });
    await thread.getByText('Check this figure.').waitFor();
    await thread.getByText(/Ada Lovelace · less than a minute ago/).waitFor();
    await page.getByRole('button', { name: onFirst('1 comment'), exact: true }).waitFor();
    await other.getByRole('button', { name: onFirst('1 comment'), exact: true }).waitFor();

    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByRole('textbox', { name: 'Write a reply' }).fill('Confirmed by the minutes.');
    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread
      .getByRole('list', { name: 'Replies' })
      .getByText('Confirmed by the minutes.')
      .waitFor();
    await page.getByRole('button', { name: onFirst('2 comments'), exact: true }).waitFor();

    await thread.getByRole('button', { name: 'Resolve' }).click();
    const resolved = panel.getByRole('article', { name: 'Resolved thread by Ada Lovelace' });
    await resolved.getByText('Resolved').first().waitFor();
    await page
      .getByRole('button', { name: onFirst('2 comments') + ', resolved', exact: true })
      .waitFor();
    await other
      .getByRole('button', { name: onFirst('2 comments') + ', resolved', exact: true })
      .waitFor();

    // Select a word of the second line and highlight it.
    const secondLine = timedLines(page).nth(1);
    const secondTime =
      (await secondLine.getByRole('button', { name: /^Play from/ }).textContent()) ?? '';
    const word = await selectFirstWord(page, 1);
    await page
      .getByRole('button', { name: `Highlight the selected words of the line at ${secondTime}` })
      .click();
    await secondLine.locator('mark', { hasText: word }).waitFor();
    await timedLines(other).nth(1).locator('mark', { hasText: word }).waitFor();
    await screenshotAt(page, 'comments-workbench', 1280);

    await page.reload();
    await page
      .getByRole('button', { name: onFirst('2 comments') + ', resolved', exact: true })
      .waitFor();
    await timedLines(page).nth(1).locator('mark', { hasText: word }).waitFor();
    const saved = await apiGet<CommentDto[]>(page, `/api/transcriptions/${machine.id}/comments`);
    expect(saved.body.map((comment) => [comment.text, comment.resolved])).toEqual([
      ['Check this figure.', true],
      ['Confirmed by the minutes.', false],
    ]);
    const marks = await apiGet<HighlightDto[]>(
      page,
      `/api/transcriptions/${machine.id}/highlights`,
    );
    expect(marks.body).toMatchObject([{ segment: 1, start: 0, end: word.length }]);

    // The Word download with comments carries them as Word comments.
    await page.getByRole('button', { name: 'Download' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Word with comments (.docx)' }).click(),
    ]);
    const zip = await JSZip.loadAsync(await readFile(await file.path()));
    const wordComments = (await zip.file('word/comments.xml')?.async('string')) ?? '';
    expect(wordComments).toContain('Check this figure.');
    expect(wordComments).toContain('Confirmed by the minutes.');

    // The resolved thread opens again from its folded line, and the highlight is removable.
    await page
      .getByRole('button', { name: onFirst('2 comments') + ', resolved', exact: true })
      .click();
    await panel.getByRole('button', { name: /^Resolved by Ada Lovelace/ }).click();
    await panel.getByRole('button', { name: 'Reopen' }).click();
    await page.getByRole('button', { name: onFirst('2 comments'), exact: true }).waitFor();
    await timedLines(page)
      .nth(1)
      .getByRole('button', { name: /^Comment on the line at/ })
      .click();
    await panel.getByRole('button', { name: `Remove the highlight “${word}”` }).click();
    await expect.poll(() => timedLines(page).nth(1).locator('mark').count()).toBe(0);

    // On a phone the comments open as a sheet from the line's marker.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: onFirst('2 comments'), exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Comments' });
    await sheet.getByText('Check this figure.').waitFor();
    await screenshotAt(page, 'comments-workbench', 390, { height: 844, fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Comments (2)' }).waitFor();

    expect(errors).toEqual([]);
    expect(otherErrors).toEqual([]);
  });
});
