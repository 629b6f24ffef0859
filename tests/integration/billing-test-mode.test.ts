import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSubscriptionDto } from '../../src/core/api/billing.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { finishAccountDeletions } from '../../src/server/account-deletion/finish-account-deletions.js';
import { BILLING_CALLS_PER_MINUTE } from '../../src/server/billing/billing-rate-limit.js';
import { PRO_NOT_ON_SALE } from '../../src/server/billing/billing.routes.js';
import { loadConfig } from '../../src/server/config.js';
import {
  accountDeletions,
  billingCustomers,
  testBillingPaymentIntents,
  transcriptions,
  user,
} from '../../src/server/db/schema.js';
import {
  getOrCreate,
  isPaid,
  post,
  startCheckout,
  storedSubscriptionsOf,
} from '../fixtures/stripe/billing-calls.js';
import { makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { cookieHeader, SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen, uploadFile } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const DAY = 24 * 60 * 60;
const card = (number: string, expiry = '12 / 34', cvc = '123') => ({ number, expiry, cvc });

describe.each(kinds)('test-mode billing on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const confirm = (cookie: string, clientSecret: string | null, number: string) =>
    post(app, cookie, '/api/billing/test-mode/confirm-payment', {
      clientSecret,
      card: card(number),
    });
  const intent = (cookie: string, clientSecret: string | null) =>
    app.server.inject({
      url: `/api/billing/test-mode/payment-intent?client_secret=${encodeURIComponent(clientSecret ?? '')}`,
      headers: { cookie },
    });
  const advanceDays = (cookie: string, days: number) =>
    post(app, cookie, '/api/billing/test-mode/clock/advance', { days });
  async function accountSubscription(cookie: string): Promise<AccountSubscriptionDto> {
    return (
      await app.server.inject({ url: '/api/billing/subscription', headers: { cookie } })
    ).json<AccountSubscriptionDto>();
  }
  async function subscribe() {
    const checkout = await startCheckout(app);
    expect(
      (await confirm(checkout.cookie, checkout.clientSecret, '4242 4242 4242 4242')).statusCode,
    ).toBe(200);
    return checkout;
  }

  it('tells the page it is in test mode, with no publishable key', async () => {
    const response = await app.server.inject({ url: '/api/billing/config' });
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null });
  });

  it('4242 4242 4242 4242 pays: the intent succeeds and the user is Pro for a month', async () => {
    const { cookie, clientSecret, subscriptionId, isActive } = await startCheckout(app);
    expect(isActive).toBe(false);
    expect(subscriptionId).toMatch(/^sub_test_/);
    expect((await intent(cookie, clientSecret)).json()).toMatchObject({
      paymentIntent: { status: 'requires_payment_method', amount: 999, currency: 'usd' },
    });
    const paid = await confirm(cookie, clientSecret, '4242 4242 4242 4242');
    expect(paid.json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect(await isPaid(app, cookie)).toBe(true);
    expect(
      (
        await post(app, cookie, '/api/update-subscription-status', {
          subscriptionId,
          status: 'active',
        })
      ).json(),
    ).toEqual({
      ok: true,
    });
    const account = await accountSubscription(cookie);
    expect(account).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: false },
    });
    const days =
      (Date.parse(account.subscription?.currentPeriodEnd ?? '') - Date.now()) / 1000 / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(await getOrCreate(app, cookie)).toEqual({
      subscriptionId,
      clientSecret: null,
      isActive: true,
    });
    expect((await confirm(cookie, clientSecret, '4242424242424242')).json()).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
    });
  });

  it('4000 0000 0000 0002 is declined and 9995 lacks funds: requires_payment_method, user stays free, may retry', async () => {
    const { cookie, clientSecret, subscriptionId } = await startCheckout(app);
    expect((await confirm(cookie, clientSecret, '4000 0000 0000 0002')).json()).toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    expect((await intent(cookie, clientSecret)).json()).toMatchObject({
      paymentIntent: {
        status: 'requires_payment_method',
        lastPaymentError: { code: 'generic_decline' },
      },
    });
    expect((await confirm(cookie, clientSecret, '4000000000009995')).json()).toMatchObject({
      error: {
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    await post(app, cookie, '/api/update-subscription-status', {
      subscriptionId,
      status: 'active',
    });
    expect(await isPaid(app, cookie)).toBe(false);
    expect(await getOrCreate(app, cookie)).toEqual({
      subscriptionId,
      clientSecret,
      isActive: false,
    });
    expect((await confirm(cookie, clientSecret, '4242424242424242')).json()).toMatchObject({
      paymentIntent: { status: 'succeeded' },
    });
    expect(await isPaid(app, cookie)).toBe(true);
  });

  it("refuses incomplete or invalid card details with Stripe's messages", async () => {
    const { cookie, clientSecret } = await startCheckout(app);
    const cases: Array<[ReturnType<typeof card>, string]> = [
      [card('4242 4242'), 'Your card number is incomplete.'],
      [card('4242 4242 4242 4241'), 'Your card number is invalid.'],
      [card('4242 4242 4242 4242', '01 / 20'), "Your card's expiration year is in the past."],
      [card('4242 4242 4242 4242', '1'), "Your card's expiration date is incomplete."],
      [card('4242 4242 4242 4242', '12 / 34', '1'), "Your card's security code is incomplete."],
      [
        card('4000 0566 5566 5556'),
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      ],
    ];
    for (const [details, message] of cases) {
      const response = await post(app, cookie, '/api/billing/test-mode/confirm-payment', {
        clientSecret,
        card: details,
      });
      expect(response.json()).toMatchObject({ error: { message } });
    }
    expect(await isPaid(app, cookie)).toBe(false);
  });

  it("another user can neither read nor pay someone else's payment intent", async () => {
    const owner = await startCheckout(app);
    const other = await signUp(app);
    expect((await intent(other.cookie, owner.clientSecret)).statusCode).toBe(404);
    expect((await confirm(other.cookie, owner.clientSecret, '4242424242424242')).statusCode).toBe(
      404,
    );
    expect((await intent(owner.cookie, 'pi_test_nope_secret_nope')).statusCode).toBe(404);
  });

  it('concurrent checkouts create one subscription', async () => {
    const { cookie, userId } = await signUp(app);
    const raced = await Promise.all([
      getOrCreate(app, cookie),
      getOrCreate(app, cookie),
      getOrCreate(app, cookie),
    ]);
    expect(new Set(raced.map((checkout) => checkout.subscriptionId)).size).toBe(1);
    expect(await storedSubscriptionsOf(app, userId)).toHaveLength(1);
  });

  it('a session calling the payment routes more than 30 times a minute is refused; others are not', async () => {
    const { cookie, userId } = await signUp(app);
    const checkouts = [];
    for (let call = 0; call < BILLING_CALLS_PER_MINUTE; call += 1)
      checkouts.push(await getOrCreate(app, cookie));
    const refused = await post(app, cookie, '/api/get-or-create-subscription');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'Too many billing requests. Please wait a minute and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // One budget for every route that reaches the provider, not one per route.
    expect((await post(app, cookie, '/api/billing/subscription/cancel')).statusCode).toBe(429);
    expect(new Set(checkouts.map((checkout) => checkout.subscriptionId)).size).toBe(1);
    expect(await storedSubscriptionsOf(app, userId)).toHaveLength(1);

    const other = await signUp(app);
    expect((await getOrCreate(app, other.cookie)).isActive).toBe(false);
  });

  it("the billing budget is the account's: a second session or a re-encoded cookie gets no fresh one", async () => {
    const { cookie, email, password } = await signUp(app);
    for (let call = 0; call < BILLING_CALLS_PER_MINUTE; call += 1)
      expect((await post(app, cookie, '/api/billing/subscription/cancel')).statusCode).not.toBe(
        429,
      );
    // The same session token, its characters percent-encoded: other cookie text, the same session.
    const reencoded = cookie.replace(
      /session_token=([^;]+)/,
      (_match, token: string) =>
        `session_token=${[...decodeURIComponent(token)].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}`,
    );
    expect(reencoded).not.toBe(cookie);
    const reencodedUser = await app.server.inject({
      url: '/api/auth/user',
      headers: { cookie: reencoded },
    });
    expect(reencodedUser.statusCode).toBe(200);
    expect((await post(app, reencoded, '/api/billing/subscription/cancel')).statusCode).toBe(429);
    const signIn = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: SAME_ORIGIN,
      payload: { email, password },
    });
    const secondSession = cookieHeader(signIn);
    expect(secondSession).not.toBe(cookie);
    expect((await post(app, secondSession, '/api/billing/subscription/cancel')).statusCode).toBe(
      429,
    );
  });

  it('cancelled: Pro until the period ends by the test clock, then free; resumed: renewed each month', async () => {
    const leaving = await subscribe();
    const staying = await subscribe();
    const cancel = await post(app, leaving.cookie, '/api/billing/subscription/cancel');
    expect(cancel.json()).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: true },
    });
    await post(app, staying.cookie, '/api/billing/subscription/cancel');
    const resume = await post(app, staying.cookie, '/api/billing/subscription/resume');
    expect(resume.json()).toMatchObject({
      plan: 'pro',
      subscription: { cancelAtPeriodEnd: false },
    });
    const firstPeriodEnd =
      (await accountSubscription(staying.cookie)).subscription?.currentPeriodEnd ?? '';

    await advanceDays(leaving.cookie, 15);
    expect(await isPaid(app, leaving.cookie)).toBe(true);
    const advanced = await advanceDays(leaving.cookie, 20);
    expect(advanced.statusCode).toBe(200);
    expect(await isPaid(app, leaving.cookie)).toBe(false);
    expect(await accountSubscription(leaving.cookie)).toMatchObject({
      plan: 'free',
      subscription: { status: 'canceled' },
    });
    // The clock that moved was the leaving user's own: the staying user's period is untouched.
    expect((await accountSubscription(staying.cookie)).subscription?.currentPeriodEnd).toBe(
      firstPeriodEnd,
    );

    expect((await advanceDays(staying.cookie, 35)).statusCode).toBe(200);
    expect(await isPaid(app, staying.cookie)).toBe(true);
    const renewed = await accountSubscription(staying.cookie);
    expect(Date.parse(renewed.subscription?.currentPeriodEnd ?? '')).toBeGreaterThan(
      Date.parse(firstPeriodEnd) + 27 * DAY * 1000,
    );
    const charges = await app.database.db
      .select()
      .from(testBillingPaymentIntents)
      .where(eq(testBillingPaymentIntents.subscriptionId, staying.subscriptionId));
    expect(charges.map((charge) => charge.status)).toEqual(['succeeded', 'succeeded']);
    // Once ended, a new checkout starts a new subscription.
    const again = await getOrCreate(app, leaving.cookie);
    expect(again.subscriptionId).not.toBe(leaving.subscriptionId);
  });

  it('an unpaid checkout expires after 23 hours; the next checkout starts a new subscription', async () => {
    const { cookie, subscriptionId } = await startCheckout(app);
    await advanceDays(cookie, 1);
    const next = await getOrCreate(app, cookie);
    expect(next.subscriptionId).not.toBe(subscriptionId);
    expect(next.isActive).toBe(false);
  });

  it("one user's test clock never renews or expires anyone else", async () => {
    const mover = await subscribe();
    const bystander = await subscribe();
    const unpaid = await startCheckout(app);
    const before = (await accountSubscription(bystander.cookie)).subscription;
    expect((await advanceDays(mover.cookie, 400)).statusCode).toBe(200);
    expect((await accountSubscription(bystander.cookie)).subscription).toEqual(before);
    const charges = await app.database.db
      .select()
      .from(testBillingPaymentIntents)
      .where(eq(testBillingPaymentIntents.subscriptionId, bystander.subscriptionId));
    expect(charges).toHaveLength(1);
    // Another user's unpaid checkout did not expire either: it is still the one on offer.
    expect((await getOrCreate(app, unpaid.cookie)).subscriptionId).toBe(unpaid.subscriptionId);
    const moverNow = Date.parse(
      (
        await app.server.inject({
          url: '/api/billing/test-mode/clock',
          headers: { cookie: mover.cookie },
        })
      ).json<{ now: string }>().now,
    );
    const bystanderNow = Date.parse(
      (
        await app.server.inject({
          url: '/api/billing/test-mode/clock',
          headers: { cookie: bystander.cookie },
        })
      ).json<{ now: string }>().now,
    );
    expect(moverNow - bystanderNow).toBeGreaterThan(399 * DAY * 1000);
  });

  it('the test clock needs a signed-in user', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/billing/test-mode/clock/advance',
      headers: SAME_ORIGIN,
      payload: { days: 40 },
    });
    expect(response.statusCode).toBe(401);
  });

  it('deleting the account: content and sessions at once, subscription cancelled, the rest by the job', async () => {
    const baseUrl = await listen(app);
    const { cookie, userId, email, password } = await subscribe();
    const audio = await makeTempDirectory('sonoscript-billing-audio-');
    try {
      const wav = path.join(audio.path, 'tone.wav');
      await makeTone(wav);
      const upload = await uploadFile(baseUrl, cookie, wav);
      expect(upload.status).toBe(201);
      const created = (await upload.json()) as TranscriptionDto;
      const [row] = await app.database.db
        .select()
        .from(transcriptions)
        .where(eq(transcriptions.id, created.id));
      const audioKey = row?.audioKey ?? '';
      expect(await app.storage.size(audioKey)).toBeGreaterThan(0);

      const unconfirmed = await app.server.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { ...SAME_ORIGIN, cookie },
      });
      expect(unconfirmed.statusCode).toBe(400);
      const deletion = await app.server.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { ...SAME_ORIGIN, cookie },
        payload: { confirm: true, password: 'correct horse battery' },
      });
      expect(deletion.statusCode).toBe(200);
      expect(cookieHeader(deletion)).toContain('session_token=');

      await expect(app.storage.size(audioKey)).rejects.toThrow();
      expect(
        await app.database.db
          .select()
          .from(transcriptions)
          .where(eq(transcriptions.userId, userId)),
      ).toHaveLength(0);
      expect(
        (await app.server.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode,
      ).toBe(401);
      const signIn = await app.server.inject({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        headers: SAME_ORIGIN,
        payload: { email, password },
      });
      expect(signIn.statusCode).toBe(401);
      expect((await storedSubscriptionsOf(app, userId))[0]?.status).toBe('canceled');
      const [anonymised] = await app.database.db.select().from(user).where(eq(user.id, userId));
      expect(anonymised).toMatchObject({
        name: 'Deleted user',
        email: `deleted-${userId}@deleted.invalid`,
        image: null,
      });

      expect(
        await finishAccountDeletions({
          db: app.database.db,
          billing: app.billing.deps,
          storage: app.storage,
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        await app.database.db
          .select()
          .from(billingCustomers)
          .where(eq(billingCustomers.userId, userId)),
      ).toHaveLength(0);
      const [record] = await app.database.db
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.userId, userId));
      expect(record?.completedAt).toBeInstanceOf(Date);
      // The address is free again.
      expect((await signUp(app, { email })).userId).not.toBe(userId);
    } finally {
      await audio.remove();
    }
  });
});

describe('no Stripe keys on a public address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', { baseUrl: 'https://transcribe.example.com' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('Pro is not on sale: the page is told so and the server refuses a checkout', async () => {
    expect((await app.server.inject({ url: '/api/billing/config' })).json()).toEqual({
      provider: 'none',
      publishableKey: null,
    });
    const origin = 'https://transcribe.example.com';
    const account = { email: 'buyer@example.com', password: 'correct horse battery' };
    await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin },
      payload: { ...account, name: 'Buyer' },
    });
    const signedIn = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin },
      payload: account,
    });
    const cookie = cookieHeader(signedIn);
    const headers = { cookie, origin };
    const checkout = await app.server.inject({
      method: 'POST',
      url: '/api/get-or-create-subscription',
      headers,
    });
    expect(checkout.statusCode).toBe(403);
    expect(checkout.json()).toEqual({ message: PRO_NOT_ON_SALE });
    for (const url of [
      '/api/billing/test-mode/confirm-payment',
      '/api/billing/test-mode/clock/advance',
    ]) {
      const response = await app.server.inject({ method: 'POST', url, headers, payload: {} });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await isPaid(app, cookie)).toBe(false);
  });
});

describe('which addresses allow test-mode billing', () => {
  const billingOf = (env: Record<string, string>) => loadConfig(env).billing.provider;
  it.each([
    ['http://localhost:3000', 'test'],
    ['http://127.0.0.1:8080', 'test'],
    ['http://127.10.0.3', 'test'],
    ['http://[::1]:3000', 'test'],
    ['http://app.localhost', 'test'],
    ['https://transcribe.example.com', 'none'],
    ['http://192.168.1.20:3000', 'none'],
    ['http://127.0.0.1.nip.io', 'none'],
  ])('BASE_URL=%s gives %s', (baseUrl, provider) => {
    expect(billingOf({ BASE_URL: baseUrl })).toBe(provider);
  });

  it('BASE_URL unset is localhost outside production, public in production', () => {
    expect(billingOf({})).toBe('test');
    expect(billingOf({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toBe('none');
  });

  it('BILLING_TEST_MODE decides when set', () => {
    expect(billingOf({ BASE_URL: 'https://demo.example.com', BILLING_TEST_MODE: 'true' })).toBe(
      'test',
    );
    expect(billingOf({ BASE_URL: 'http://localhost:3000', BILLING_TEST_MODE: 'false' })).toBe(
      'none',
    );
  });
});

describe('test-mode billing in production (BILLING_TEST_MODE=true)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', {
      env: { NODE_ENV: 'production', BILLING_TEST_MODE: 'true', RUN_WORKERS: 'false' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has the card form but no test clock', async () => {
    const { cookie } = await signUp(app);
    expect((await getOrCreate(app, cookie)).clientSecret).toMatch(/_secret_/);
    expect(
      (await post(app, cookie, '/api/billing/test-mode/clock/advance', { days: 40 })).statusCode,
    ).toBe(404);
  });
});
