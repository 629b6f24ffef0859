import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postJson, screenshotAt, signUp, uploadViaApi } from './support/app.js';
import { seriousAxeViolations, tabThroughPage } from './support/accessibility.js';
import { openPage, waitUntilHydrated } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

type StorageState = NonNullable<BrowserContextOptions['storageState']>;

const timedLines = (page: Page) =>
  page.getByRole('list', { name: 'Timed transcript' }).getByRole('listitem');

describe('accessibility: keyboard, screen readers and phones', () => {
  const app = useRunningApp('sonoscript-e2e-accessibility-');
  /** One user with one transcript, shared: made by the first test that needs it. */
  let made: Promise<{ signedIn: StorageState; transcriptionId: string; sharePath: string }>;
  const userWithTranscript = () => {
    made ??= (async () => {
      const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
      await signUp(page, 'Ada Lovelace');
      const transcriptionId = (await uploadViaApi(page, app.audio.shortMp3.path)).id;
      const share = await postJson<{ url: string }>(
        page,
        `/api/transcriptions/${transcriptionId}/share`,
      );
      const signedIn = await context.storageState();
      await context.close();
      expect(errors).toEqual([]);
      return { signedIn, transcriptionId, sharePath: new URL(share.body.url).pathname };
    })();
    return made;
  };

  it('five pages at 1280 and 390 px: no serious axe violation, the skip link comes first, every Tab stop shows a ring', async () => {
    const { signedIn, transcriptionId, sharePath } = await userWithTranscript();
    // Reduced motion: the page scrolls to each focused element at once, not smoothly.
    const visitor = await openPage(app.browser, app.server.baseUrl, { reducedMotion: 'reduce' });
    const user = await openPage(app.browser, app.server.baseUrl, {
      storageState: signedIn,
      reducedMotion: 'reduce',
    });
    const pages = [
      { name: 'landing', watch: visitor, path: '/' },
      { name: 'dashboard', watch: user, path: '/' },
      { name: 'workbench', watch: user, path: `/transcription/${transcriptionId}` },
      { name: 'settings', watch: user, path: '/account' },
      { name: 'share', watch: visitor, path: sharePath },
    ];
    const problems: string[] = [];
    for (const width of [1280, 390]) {
      for (const { name, watch, path } of pages) {
        const { page } = watch;
        await page.setViewportSize({ width, height: 900 });
        const response = await page.goto(path);
        // axe runs under the policy production sends: nothing is relaxed for the tests.
        expect(response?.headers()['content-security-policy']).toMatch(
          /script-src 'self' https:\/\/js\.stripe\.com;/,
        );
        await waitUntilHydrated(page);
        const where = `${name} at ${width} px`;
        const stops = await tabThroughPage(page);
        if (stops[0]?.label !== 'a "Skip to content"' || !stops[0].onScreen) {
          problems.push(`${where}: the first Tab stop is ${JSON.stringify(stops[0])}`);
        }
        for (const stop of stops) {
          // The player's buttons are the browser's own, which draw their own ring inside it.
          if (stop.label.startsWith('audio ')) continue;
          if (stop.ringWidth < 2 || stop.ringContrast < 3 || !stop.onScreen) {
            problems.push(`${where}: ${JSON.stringify(stop)}`);
          }
        }
        for (const violation of await seriousAxeViolations(page)) {
          problems.push(`${where}: ${violation}`);
        }
      }
    }
    expect(problems).toEqual([]);

    // The skip link moves the keyboard past the header: the next Tab is in the page's content.
    const { page } = user;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await waitUntilHydrated(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

    await visitor.context.close();
    await user.context.close();
    expect([...visitor.errors, ...user.errors]).toEqual([]);
  });

  it('the workbench: "?" lists the keys and Escape closes them; on a phone its timestamps, find arrows and rename buttons are 44 px', async () => {
    const { signedIn, transcriptionId } = await userWithTranscript();
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      storageState: signedIn,
    });
    await page.goto(`/transcription/${transcriptionId}`);
    const firstLine = timedLines(page).first().locator('[tabindex="0"]');
    await firstLine.focus();
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.getByText('Play or pause', { exact: true }).waitFor();
    await shortcuts.getByText('Find in transcript', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });
    expect(await firstLine.evaluate((line) => line === document.activeElement)).toBe(true);
    await context.close();

    const phone = await openPage(app.browser, app.server.baseUrl, {
      storageState: signedIn,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const on = phone.page;
    await on.goto(`/transcription/${transcriptionId}`);
    // A second voice, so that the lines show speaker names to rename.
    await timedLines(on)
      .nth(1)
      .getByRole('button', { name: /^Speaker of the line/ })
      .click();
    await on.getByRole('menuitem', { name: 'New speaker' }).click();
    await on.getByRole('button', { name: 'Rename Speaker 2' }).waitFor();
    await on.getByRole('textbox', { name: 'Find in transcript' }).fill('four');
    await on.getByRole('button', { name: 'Next match' }).click();

    const controls = [
      on.getByRole('button', { name: /^Play from / }),
      on.getByRole('button', { name: 'Previous match' }),
      on.getByRole('button', { name: 'Next match' }),
      on.getByRole('button', { name: 'Clear search' }),
      on.getByRole('button', { name: 'Rename transcript' }),
      on.getByRole('button', { name: /^Rename Speaker / }),
      on.getByRole('button', { name: /^Speaker of the line/ }),
    ];
    const small: string[] = [];
    for (const control of controls) {
      for (const one of await control.all()) {
        const box = await one.boundingBox();
        if (!box || box.width < 44 || box.height < 44) {
          small.push(`${await one.getAttribute('aria-label')}: ${JSON.stringify(box)}`);
        }
      }
    }
    expect(small).toEqual([]);
    expect(await controls[0]?.count()).toBeGreaterThan(1);
    await screenshotAt(on, 'workbench-phone-tap-targets', 390, { height: 844, fullPage: false });
    await phone.context.close();
    expect([...errors, ...phone.errors]).toEqual([]);
  });
});
