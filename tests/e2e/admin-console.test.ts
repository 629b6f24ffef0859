import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';
import { seriousAxeViolations } from './support/accessibility.js';
import { PASSWORD, screenshotAt, waitForToast } from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_EMAIL = 'console-admin@example.com';

/** Signs the page in as the admin (the account is made once, by the first call). */
async function signInAsAdmin(page: Page, create: boolean): Promise<void> {
  await page.goto('/sign-in');
  const statuses = await page.evaluate(
    async ({ email, password, create }) => {
      const post = (path: string, payload: object) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        }).then((response) => response.status);
      const signedUp = create
        ? await post('/api/identity/sign-up/email', { email, password, name: 'Console Admin' })
        : 200;
      return [signedUp, await post('/api/identity/sign-in/email', { email, password })];
    },
    { email: ADMIN_EMAIL, password: PASSWORD, create },
  );
  expect(statuses).toEqual([200, 200]);
}

describe('the admin console', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Workers in the server, on PocketSphinx (WHISPER_MODEL=none): whisper is not available.
    [server, browser] = await Promise.all([
      startServer({ ADMIN_EMAILS: ADMIN_EMAIL }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    [1280, true],
    [390, false],
  ])(
    'at %i px an admin sees why whisper is off, finds a user and disables them',
    async (width, create) => {
      const { page, context, errors } = await openPage(browser, server.baseUrl, {
        viewport: { width, height: 900 },
      });
      const target = await signUpOverHttp(server.baseUrl, { name: `Target ${width}` });
      const other = await signUpOverHttp(server.baseUrl, { name: `Bystander ${width}` });
      const stillSignedIn = async (cookie: string) =>
        (await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } })).status;
      expect(await stillSignedIn(target.cookie)).toBe(200);
      // A user who is not an admin gets the 404 page at /admin, from the server.
      const stranger = await fetch(`${server.baseUrl}/admin`, {
        headers: { cookie: other.cookie },
      });
      expect(stranger.status).toBe(404);

      await signInAsAdmin(page, create);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      // The operator sees on the dashboard that whisper is not serving, why, and the fix.
      const banner = page.getByRole('alert').filter({ hasText: 'Whisper is not available' });
      await banner.getByText('WHISPER_MODEL=none', { exact: false }).first().waitFor();
      await banner.getByText('Unset WHISPER_MODEL', { exact: false }).waitFor();

      if (width >= 768) {
        await page.getByRole('button', { name: 'Open user menu' }).click();
        await page.getByRole('menuitem', { name: 'Admin' }).click();
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page
          .getByRole('navigation', { name: 'Mobile' })
          .getByRole('link', { name: 'Admin' })
          .click();
      }
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
      await page.getByRole('heading', { name: 'Users' }).waitFor();
      const accounts = page.getByRole('list', { name: 'Accounts' });
      await accounts.getByText(target.email).waitFor();
      await accounts.getByText(other.email).waitFor();
      await page.getByText('pocketsphinx', { exact: false }).first().waitFor();

      await page.getByLabel('Search by name or email').fill(target.email);
      await page.getByText(`1 account matching “${target.email}”`).waitFor();
      const row = accounts.getByRole('listitem').filter({ hasText: target.email });
      await row.getByText('Free').waitFor();
      await screenshotAt(page, 'admin-console', width);

      await row.getByRole('button', { name: 'Disable', exact: true }).click();
      await row.getByRole('button', { name: `Disable ${target.email}` }).click();
      await waitForToast(page, 'Account disabled: its sessions and API keys have stopped.');
      await row.getByText('Disabled', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Enable' }).waitFor();
      expect(await stillSignedIn(target.cookie)).toBe(401);
      expect(await stillSignedIn(other.cookie)).toBe(200);
      await page
        .getByRole('list', { name: 'Admin actions' })
        .getByText(`${ADMIN_EMAIL} disabled ${target.email}`)
        .waitFor();

      expect(await seriousAxeViolations(page)).toEqual([]);
      // Nothing on the page is wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
      expect(errors).toEqual([]);
    },
  );
});
