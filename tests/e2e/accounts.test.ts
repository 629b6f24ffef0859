import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.js';
import { signUp } from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe('accounts in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a new user signs up through /api/login, lands on the dashboard, sees their name, signs out', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe('Transform your audio into text in seconds');
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForURL('**/sign-in');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(`grace-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('compilers are fun');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('Grace Hopper');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page
      .getByRole('heading', { name: 'Transform your audio into text in seconds' })
      .waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/auth/status')).json());
    expect(status).toEqual({ isAuthenticated: false });
    await context.close();
    expect(errors).toEqual([]);
  });

  it('shows an inline error for a wrong password, and for a sign-up with a taken address', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await page.goto('/api/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/invalid email or password/i);

    // Signing up again with a taken address and another password opens nothing.
    const { email } = await signUp(page, 'First Owner');
    await context.clearCookies();
    await page.goto('/api/login?mode=sign-up');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the owner password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByRole('alert')
      .getByText('An account with this email already exists. Sign in instead.')
      .waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/auth/status')).json());
    expect(status).toEqual({ isAuthenticated: false });
    await context.close();
    // The failed sign-in answers 401: the browser logs that response as a console error by itself.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  });

  it.each(['/transcription/abc', '/upgrade'])(
    'a signed-out visit to %s shows the landing page',
    async (path) => {
      const { page, context, errors } = await openPage(browser, server.baseUrl);
      await page.goto(path);
      await page
        .getByRole('heading', { name: 'Transform your audio into text in seconds' })
        .waitFor();
      expect(page.url()).toBe(`${server.baseUrl}${path}`);
      await context.close();
      expect(errors).toEqual([]);
    },
  );

  it('an unknown path shows the 404 screen', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    const response = await page.goto('/no-such-page');
    // A real 404 for search engines; the page itself shows the app's 404 screen.
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText(MESSAGES.notFoundText).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    await context.close();
    // Chromium itself logs the document's 404 status as a console error.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });
});
