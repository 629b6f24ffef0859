import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.js';
import { RESET_PASSWORD_COMMAND } from '../../src/core/password-reset.js';
import { PASSWORD, screenshotAt, signUp, waitForToast } from './support/app.js';
import { launchBrowser, openPage, waitUntilHydrated } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** The first hour on a server without email, at a desktop and a phone width (issue 29). */
describe.each([1280, 390])('the first hour on a server without email, %i px wide', (width) => {
  let server: RunningServer;
  let browser: Browser;
  const viewport = { width, height: 900 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('"Forgot password?" says up front that no email can come and names the operator\'s command', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl, { viewport });
    await page.goto('/api/login');
    await page.waitForURL('**/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const notice = page.getByRole('status');
    await notice.getByText('This server cannot send email').waitFor();
    expect(await notice.textContent()).toContain(RESET_PASSWORD_COMMAND);
    // No form to fill in that could never work.
    expect(await page.getByRole('button', { name: 'Send reset link' }).count()).toBe(0);
    await screenshotAt(page, 'forgot-password-without-email', width);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('settings change the name and the password; the new password signs in', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl, { viewport });
    const { email } = await signUp(page, 'Mary Somerville');
    await page.goto('/account');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change name' }).click();
    await profile
      .getByRole('textbox', { name: 'Name', exact: true })
      .fill('Mary Fairfax Somerville');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await profile.getByText('Mary Fairfax Somerville', { exact: true }).waitFor();

    await profile.getByRole('button', { name: 'Change password' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('a fresh new passphrase');
    await form.getByLabel('New password again').fill('a fresh new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').getByText('Your current password is not right.').waitFor();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await waitForToast(page, 'Password changed', 'Your other devices were signed out.');
    // The wrong current password answered 400, which Chromium logs by itself.
    const refused = errors.filter((error) => error.includes('status of 400'));
    expect(refused).toHaveLength(1);
    errors.splice(errors.indexOf(refused[0]!), 1);
    await screenshotAt(page, 'account-profile', width);

    const status = await page.evaluate(
      async (credentials) =>
        (
          await fetch('/api/identity/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(credentials),
          })
        ).status,
      { email, password: 'a fresh new passphrase' },
    );
    expect(status).toBe(200);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('settings change the email at once with the current password', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl, { viewport });
    await signUp(page, 'Caroline Herschel');
    await page.goto('/account');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change email' }).click();
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByText('your current password confirms the change').waitFor();
    const newEmail = `caroline-${Date.now()}-${width}@example.com`;
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change email' }).click();
    await waitForToast(page, 'Email changed', `You now sign in with ${newEmail}.`);
    await profile.getByText(newEmail, { exact: true }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it('the contact form says the message was stored, not that email will follow', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl, { viewport });
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('A question about plans');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Do you have a plan for a team of five?');
    await page.getByRole('button', { name: /send message/i }).click();
    await waitForToast(page, MESSAGES.contactStoredTitle, MESSAGES.contactStored);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('the header leads to Pricing; "My Transcriptions" opens the library; a lost page offers ways on', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl, { viewport });
    await page.goto('/about');
    await waitUntilHydrated(page);
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await page
      .getByRole('heading', { level: 1, name: 'Simple plans for every recording' })
      .waitFor();

    await signUp(page, 'Emmy Noether');
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'My Transcriptions' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'My transcriptions' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/transcriptions');
    await page.getByText(MESSAGES.emptyTitle).waitFor();

    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByText(MESSAGES.notFoundText).waitFor();
    await page.getByRole('link', { name: 'Open my transcriptions' }).click();
    await page.getByRole('heading', { level: 1, name: 'My transcriptions' }).waitFor();
    await context.close();
    // Chromium logs the document's 404 status itself.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});
