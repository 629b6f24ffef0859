import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishAccountDeletions } from '../../src/server/account-deletion/finish-account-deletions.js';
import { STRIPE_API_VERSION } from '../../src/server/billing/providers/stripe-client.js';
import { accountDeletions, billingCustomers } from '../../src/server/db/schema.js';
import {
  getOrCreate,
  isPaid,
  post,
  startCheckout,
  storedSubscriptionsOf,
} from '../fixtures/stripe/billing-calls.js';
import { FakeStripe } from '../fixtures/stripe/fake-stripe-server.js';
import { createStripeTestApp, STRIPE_TEST_KEYS } from '../fixtures/stripe/stripe-test-app.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import type { TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const PRICE = STRIPE_TEST_KEYS.STRIPE_PRICE_ID;

describe.each(kinds)('Stripe billing on %s', (kind) => {
  const fake = new FakeStripe();
  let app: TestApp;

  beforeAll(async () => {
    await fake.start();
    fake.knownPrices.add(PRICE);
    app = await createStripeTestApp(kind, fake);
  });
  afterAll(async () => {
    await app?.close();
    await fake.stop();
  });

  it('tells the page it uses Stripe, with the publishable key', async () => {
    const response = await app.server.inject({ url: '/api/billing/config' });
    expect(response.json()).toEqual({
      provider: 'stripe',
      publishableKey: STRIPE_TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
    });
  });

  it('creates a customer, then the documented default_incomplete subscription', async () => {
    const { cookie, userId, email, subscriptionId, clientSecret, isActive } =
      await startCheckout(app);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(clientSecret).toMatch(/^pi_.+_secret_/);
    expect(isActive).toBe(false);

    const customerCall = fake.requestsTo('POST', '/v1/customers').at(-1);
    expect(customerCall?.params.get('email')).toBe(email);
    expect(customerCall?.params.get('metadata[userId]')).toBe(userId);
    expect(customerCall?.headers['idempotency-key']).toBe(`sonoscript-customer-${userId}`);

    const call = fake.requestsTo('POST', '/v1/subscriptions').at(-1);
    expect(call?.path).toBe('/v1/subscriptions');
    expect(call?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(call?.headers.authorization).toBe(`Bearer ${STRIPE_TEST_KEYS.STRIPE_SECRET_KEY}`);
    expect(call?.headers['idempotency-key']).toBe(`sonoscript-subscription-${userId}-1`);
    expect(Object.fromEntries(call?.params ?? [])).toEqual({
      customer: expect.stringMatching(/^cus_/),
      'items[0][price]': PRICE,
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[userId]': userId,
    });
    expect(await isPaid(app, cookie)).toBe(false);
    const [row] = await storedSubscriptionsOf(app, userId);
    expect(row).toMatchObject({
      provider: 'stripe',
      providerSubscriptionId: subscriptionId,
      status: 'incomplete',
    });
  });

  it('keeps one open subscription per user, also when checkouts race', async () => {
    const { cookie, userId } = await signUp(app);
    const raced = await Promise.all([
      getOrCreate(app, cookie),
      getOrCreate(app, cookie),
      getOrCreate(app, cookie),
    ]);
    const again = await getOrCreate(app, cookie);
    const ids = new Set([...raced, again].map((checkout) => checkout.subscriptionId));
    expect(ids.size).toBe(1);
    expect(again.clientSecret).toBe(raced[0]?.clientSecret);
    expect(await storedSubscriptionsOf(app, userId)).toHaveLength(1);
    const customers = await app.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    expect(customers).toHaveLength(1);
  });

  it('makes the user Pro once Stripe says the subscription is paid, and then reports it active', async () => {
    const { cookie, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    const before = fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length;
    const update = await post(app, cookie, '/api/update-subscription-status', {
      subscriptionId,
      status: 'active',
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ ok: true });
    expect(fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length).toBe(before + 1);
    expect(await isPaid(app, cookie)).toBe(true);
    expect(await getOrCreate(app, cookie)).toEqual({
      subscriptionId,
      clientSecret: null,
      isActive: true,
    });
  });

  it('leaves a free user free who claims "active" for their unpaid subscription', async () => {
    const { cookie, userId, subscriptionId } = await startCheckout(app);
    const update = await post(app, cookie, '/api/update-subscription-status', {
      subscriptionId,
      status: 'active',
    });
    expect(update.json()).toEqual({ ok: true });
    expect(await isPaid(app, cookie)).toBe(false);
    expect((await storedSubscriptionsOf(app, userId))[0]?.status).toBe('incomplete');
  });

  it("leaves a free user free who claims another user's paid subscription, or one that does not exist", async () => {
    const owner = await startCheckout(app);
    fake.pay(owner.subscriptionId);
    await post(app, owner.cookie, '/api/update-subscription-status', {
      subscriptionId: owner.subscriptionId,
    });
    const intruder = await signUp(app);
    for (const subscriptionId of [owner.subscriptionId, 'sub_doesnotexist']) {
      const update = await post(app, intruder.cookie, '/api/update-subscription-status', {
        subscriptionId,
        status: 'active',
      });
      expect(update.json()).toEqual({ ok: true });
    }
    expect(await isPaid(app, intruder.cookie)).toBe(false);
    expect(await storedSubscriptionsOf(app, intruder.userId)).toHaveLength(0);
    expect(await isPaid(app, owner.cookie)).toBe(true);
  });

  it('refuses a malformed subscription id before asking Stripe', async () => {
    const { cookie } = await signUp(app);
    const update = await post(app, cookie, '/api/update-subscription-status', {
      subscriptionId: '../customers',
      status: 'active',
    });
    expect(update.statusCode).toBe(400);
  });

  it("answers with Stripe's words when the price does not exist, for the page's configuration toast", async () => {
    fake.knownPrices.delete(PRICE);
    try {
      const { cookie } = await signUp(app);
      const response = await post(app, cookie, '/api/get-or-create-subscription');
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(
        `The Stripe price ID is invalid: No such price: '${PRICE}'`,
      );
    } finally {
      fake.knownPrices.add(PRICE);
    }
  });

  it('starts a new subscription, under the next attempt key, once the old checkout expired', async () => {
    const { cookie, userId, subscriptionId } = await startCheckout(app);
    fake.patch(subscriptionId, { status: 'incomplete_expired', invoiceStatus: 'void' });
    const next = await getOrCreate(app, cookie);
    expect(next.subscriptionId).not.toBe(subscriptionId);
    expect(next.isActive).toBe(false);
    expect(fake.requestsTo('POST', '/v1/subscriptions').at(-1)?.headers['idempotency-key']).toBe(
      `sonoscript-subscription-${userId}-2`,
    );
    const statuses = (await storedSubscriptionsOf(app, userId)).map((row) => row.status).sort();
    expect(statuses).toEqual(['incomplete', 'incomplete_expired']);
  });

  it('cancels at period end at Stripe (still Pro), and resumes', async () => {
    const { cookie, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    await post(app, cookie, '/api/update-subscription-status', { subscriptionId });

    const cancel = await post(app, cookie, '/api/billing/subscription/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: true },
    });
    expect(
      fake
        .requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
        .at(-1)
        ?.params.get('cancel_at_period_end'),
    ).toBe('true');
    expect(await isPaid(app, cookie)).toBe(true);

    const resume = await post(app, cookie, '/api/billing/subscription/resume');
    expect(resume.json()).toMatchObject({
      plan: 'pro',
      subscription: { cancelAtPeriodEnd: false },
    });
    expect(
      fake
        .requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
        .at(-1)
        ?.params.get('cancel_at_period_end'),
    ).toBe('false');
  });

  it('a free user has nothing to cancel', async () => {
    const { cookie } = await signUp(app);
    const cancel = await post(app, cookie, '/api/billing/subscription/cancel');
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json()).toEqual({ message: 'You have no active subscription.' });
  });

  it('account deletion cancels at Stripe at once; the scheduled job then deletes the Stripe customer', async () => {
    const { cookie, userId, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    await post(app, cookie, '/api/update-subscription-status', { subscriptionId });
    const [customer] = await app.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));

    const deletion = await app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { confirm: true, password: 'correct horse battery' },
    });
    expect(deletion.statusCode).toBe(200);
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect((await storedSubscriptionsOf(app, userId))[0]?.status).toBe('canceled');
    expect(
      (await app.server.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect(fake.isCustomerDeleted(customer?.providerCustomerId ?? '')).toBe(false);

    await finishAccountDeletions({
      db: app.database.db,
      billing: app.billing.deps,
      storage: app.storage,
    });
    expect(fake.isCustomerDeleted(customer?.providerCustomerId ?? '')).toBe(true);
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
  });
});
