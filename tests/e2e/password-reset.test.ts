import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../fixtures/mail/smtp-inbox.js';
import { PASSWORD } from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe('forgotten password, with a real SMTP server', () => {
  let inbox: SmtpInbox;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Sonoscript <noreply@sonoscript.test>' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  it('signs up by the emailed confirmation link; later resets a forgotten password from the email and signs in with it', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    const email = `reset-${randomUUID()}@example.com`;
    await page.goto('/api/login?mode=sign-up');
    await page.getByLabel('Name').fill('Rosalind Franklin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('status').getByText(email).waitFor();
    const confirmation = await inbox.waitFor(email, (m) => m.subject.startsWith('Confirm'));
    await page.goto(linkIn(confirmation, `${server.baseUrl}/api/identity/verify-email`));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Rosalind Franklin').first().waitFor();
    await context.clearCookies();

    await page.goto('/api/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('a reset link is on its way').waitFor();

    const mail = await inbox.waitFor(email, (m) => m.subject.startsWith('Reset'));
    await page.goto(linkIn(mail, `${server.baseUrl}/reset-password?token=`));
    await page.getByLabel('New password').fill('a fresh new passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    await page.getByRole('link', { name: 'Sign in with it' }).click();
    await page.waitForURL('**/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a fresh new passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The old password no longer works, and the link does not work twice.
    const reuse = await page.evaluate(
      async ([token]) =>
        (
          await fetch('/api/identity/reset-password', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token, newPassword: 'yet another passphrase' }),
          })
        ).status,
      [new URL(linkIn(mail, server.baseUrl)).searchParams.get('token')],
    );
    expect(reuse).toBe(400);
    const oldPassword = await page.evaluate(
      async ([address, password]) =>
        (
          await fetch('/api/identity/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: address, password }),
          })
        ).status,
      [email, PASSWORD],
    );
    expect(oldPassword).toBe(401);
    await context.close();
    // The two refused requests above are logged by the browser itself as failed loads.
    expect(errors.filter((error) => !/40[01]/.test(error))).toEqual([]);
  });
});
