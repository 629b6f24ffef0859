import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/core/api/account.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  apiGet,
  PASSWORD,
  postJson,
  signUp,
  subscribeViaApi,
  waitForToast,
} from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const SUBSCRIBE = 'Subscribe for $9.99/month';

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/**
 * Notes whether the submit button ever read 'Processing...' while disabled (however briefly). Kept
 * in sessionStorage, which outlives the provider's redirect back to the page.
 */
async function watchForProcessing(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    sessionStorage.removeItem('sawProcessing');
    const look = () => {
      for (const button of document.querySelectorAll('button[type="submit"]')) {
        if (button.textContent === 'Processing...' && (button as HTMLButtonElement).disabled) {
          sessionStorage.setItem('sawProcessing', 'yes');
        }
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  return () => page.evaluate(() => sessionStorage.getItem('sawProcessing') === 'yes');
}

async function currentUser(page: Page): Promise<CurrentUser> {
  return (await apiGet<CurrentUser>(page, '/api/auth/user')).body;
}

describe('Pro billing in test mode, in the browser', () => {
  const app = useRunningApp('sonoscript-billing-e2e-');

  it('a free user pays with 4242 4242 4242 4242: Payment Successful, Pro on the dashboard, 45 s transcribed whole', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Katherine Johnson');
    await page.getByRole('heading', { name: 'Free Plan' }).waitFor();
    await page.goto('/upgrade');
    await page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' }).waitFor();
    await page.getByText('Test mode - no real charge', { exact: true }).waitFor();
    const text = await page.getByRole('main').textContent();
    for (const expected of [
      '$9.99',
      '/month',
      'Files up to 100 MB',
      'Unlimited transcriptions',
      '10 GB of storage',
      'Full-length transcripts',
      'Priority processing',
      'renews automatically each month',
      'You can cancel anytime from your account settings',
      'By subscribing, you agree to our Terms of Service and Privacy Policy.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.evaluate(() => localStorage.getItem('current_subscription_id'))).toMatch(
      /^sub_test_/,
    );

    const sawProcessing = await watchForProcessing(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: SUBSCRIBE }).click();
    await waitForToast(page, 'Payment Successful');
    expect(await sawProcessing()).toBe(true);
    expect(page.url()).toContain('payment_intent_client_secret=');
    await page.waitForURL(`${app.server.baseUrl}/`);
    await page.getByRole('heading', { name: "You're on the Pro Plan" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('current_subscription_id'))).toBeNull();

    await page.getByLabel('Audio file', { exact: true }).setInputFiles(app.audio.longMp3.path);
    await page.getByText('Ready to upload', { exact: true }).waitFor();
    expect(await page.getByText('Automatic truncation', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    await page
      .getByTestId('toast')
      .getByText('Transcription complete!', { exact: true })
      .waitFor({ timeout: 150_000 });
    const [listed] = (await apiGet<TranscriptionDto[]>(page, '/api/transcriptions')).body;
    const { body: item } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${listed?.id}`,
    );
    expect(item.isTruncated).toBe(false);
    expect(Math.max(...item.segments.map((segment) => segment.end))).toBeGreaterThan(35);

    await context.close();
    expect(errors).toEqual([]);
  });

  it('a declined card (4000 0000 0000 0002): Payment Failed, the error in red, and the user stays free', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Dorothy Vaughan');
    await page.goto('/upgrade');
    await page.getByLabel('Card number').waitFor();
    const sawProcessing = await watchForProcessing(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: SUBSCRIBE }).click();
    await waitForToast(page, 'Payment Failed', 'Your card was declined.');
    expect(await sawProcessing()).toBe(true);
    const inline = page.getByRole('form', { name: 'Payment' }).getByRole('alert');
    expect(await inline.textContent()).toBe('Your card was declined.');
    expect(await inline.getAttribute('class')).toContain('text-red-600');
    expect(await page.getByRole('button', { name: SUBSCRIBE }).isEnabled()).toBe(true);
    expect((await currentUser(page)).isPaid).toBe(false);

    // Coming back from the provider with an intent that still needs a payment method.
    const { body: checkout } = await postJson<{ clientSecret: string }>(
      page,
      '/api/get-or-create-subscription',
    );
    await page.goto(
      `/upgrade?payment_intent=pi_x&payment_intent_client_secret=${checkout.clientSecret}&redirect_status=failed`,
    );
    await waitForToast(
      page,
      'Payment Failed',
      'Your payment was not successful, please try again.',
    );
    expect(await page.getByTestId('toast').getAttribute('class')).toContain('bg-red-600');
    await page.getByLabel('Card number').waitFor();
    expect(page.url()).toBe(`${app.server.baseUrl}/upgrade`);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Free Plan' }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it("a Pro user visiting /upgrade is sent to / with 'Already subscribed'", async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Mary Jackson');
    await subscribeViaApi(page);
    await page.goto('/upgrade');
    await waitForToast(page, 'Already subscribed', 'You are already on the Pro plan!');
    await page.waitForURL(`${app.server.baseUrl}/`);
    await page.getByRole('heading', { name: "You're on the Pro Plan" }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it("a page that still thinks the user is free finds the active subscription: 'Already Subscribed!', then home", async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Annie Easley');
    await subscribeViaApi(page);
    // The dashboard's cached user still says free: its Upgrade link leads to the upgrade page.
    await page.getByRole('link', { name: 'Upgrade to Pro' }).first().click();
    await page.getByRole('heading', { name: 'Already Subscribed!' }).waitFor();
    await waitForToast(page, 'Active Subscription Found');
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).isVisible()).toBe(true);
    await page.waitForURL(`${app.server.baseUrl}/`);
    await page.getByRole('heading', { name: "You're on the Pro Plan" }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it('cancelling in account settings keeps Pro until the period ends; past it (test clock) the user is free', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Evelyn Boyd');
    await subscribeViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    const plan = page.getByTestId('account-plan');
    await plan.waitFor();
    expect(await plan.textContent()).toBe('Pro');
    expect(await page.getByTestId('account-status').textContent()).toBe('Active');
    expect(await page.getByTestId('account-date').textContent()).toMatch(
      /^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await waitForToast(page, 'Subscription cancelled');
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await waitForToast(page, 'Subscription resumed');
    expect(await page.getByTestId('account-date').textContent()).toMatch(/^Renews on /);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await waitForToast(page, 'Subscription cancelled');
    expect(await page.getByTestId('account-date').textContent()).toMatch(/^Ends on /);
    expect(await plan.textContent()).toBe('Pro');

    await page.goto('/');
    await page.getByRole('heading', { name: "You're on the Pro Plan" }).waitFor();
    const advanced = await postJson<{ now: string }>(page, '/api/billing/test-mode/clock/advance', {
      days: 35,
    });
    expect(advanced.status).toBe(200);
    await page.goto('/account');
    await page.getByTestId('account-status').getByText('Cancelled', { exact: true }).waitFor();
    expect(await page.getByTestId('account-plan').textContent()).toBe('Free');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Free Plan' }).waitFor();
    expect((await currentUser(page)).isPaid).toBe(false);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('deleting the account signs out, and the old session no longer works', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Christine Darden');
    await subscribeViaApi(page);
    const cookie = (await context.cookies())
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog').getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await page
      .getByRole('heading', { name: 'Transform your audio into text in seconds' })
      .waitFor();
    expect(page.url()).toBe(`${app.server.baseUrl}/`);
    expect((await apiGet<{ isAuthenticated: boolean }>(page, '/api/auth/status')).body).toEqual({
      isAuthenticated: false,
    });
    const replay = await fetch(`${app.server.baseUrl}/api/auth/user`, { headers: { cookie } });
    expect(replay.status).toBe(401);
    await context.close();
    expect(errors).toEqual([]);
  });
});
