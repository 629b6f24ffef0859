import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { UNCERTAIN_CONFIDENCE } from '../../src/core/words.js';
import { signUp, uploadViaApi } from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const audioTime = (page: Page) =>
  page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

const playingWord = (page: Page) =>
  page.locator('[data-playing-word="true"]').first().textContent();

describe('words in the workbench', () => {
  const app = useRunningApp('sonoscript-e2e-words-');

  it('a click on a word plays from it and marks it; U goes to the next word the machine was unsure of', async () => {
    const { page, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Grace Hopper');
    const machine: TranscriptionDto = await uploadViaApi(page, app.audio.shortMp3.path);
    await page.goto(`/transcription/${machine.id}`);
    const words = machine.segments.flatMap((segment) => segment.words ?? []);
    expect(words.length).toBeGreaterThan(4);
    await page.locator('[data-word-start]').first().waitFor();

    // Click the fourth word: the player goes to its start and the word is marked as playing.
    const fourth = words[3]!;
    await page.locator('[data-word-start]').nth(3).click();
    await expect.poll(() => audioTime(page)).toBeCloseTo(fourth.start, 1);
    // The click also opened the line for editing at that word; Escape leaves it unchanged, and
    // its words show again, the clicked one marked.
    await page.keyboard.press('Escape');
    await expect.poll(() => playingWord(page)).toBe(fourth.word);

    // U steps to the next word under the threshold after the player's place, as the legend says.
    const uncertain = words.filter((word) => word.confidence < UNCERTAIN_CONFIDENCE);
    expect(uncertain.length).toBeGreaterThan(0);
    await page.getByTestId('uncertain-legend').getByText('Dotted underline').waitFor();
    expect(await page.locator('[data-uncertain="true"]').count()).toBe(uncertain.length);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    const next = uncertain.find((word) => word.start > fourth.start + 0.01) ?? uncertain[0]!;
    await page.keyboard.press('u');
    await expect.poll(() => audioTime(page)).toBeCloseTo(next.start, 1);
    await expect.poll(() => playingWord(page)).toBe(next.word);
    expect(errors).toEqual([]);
  });
});
