import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedPaymentEvents, subscriptions } from '../../src/server/db/schema.js';
import {
  getOrCreate,
  isPaid,
  startCheckout,
  storedSubscriptionsOf,
} from '../fixtures/stripe/billing-calls.js';
import { FakeStripe } from '../fixtures/stripe/fake-stripe-server.js';
import { signedEvent, type SignedEvent } from '../fixtures/stripe/stripe-events.js';
import { createStripeTestApp, STRIPE_TEST_KEYS } from '../fixtures/stripe/stripe-test-app.js';
import { databaseKinds } from './support/databases.js';
import type { TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const SECRET = STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET;

describe.each(kinds)('Stripe webhooks on %s', (kind) => {
  const fake = new FakeStripe();
  let app: TestApp;

  beforeAll(async () => {
    await fake.start();
    fake.knownPrices.add(STRIPE_TEST_KEYS.STRIPE_PRICE_ID);
    app = await createStripeTestApp(kind, fake);
  });
  afterAll(async () => {
    await app?.close();
    await fake.stop();
  });

  function deliver(event: Pick<SignedEvent, 'payload'> & { signature?: string }) {
    return app.server.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(event.signature === undefined ? {} : { 'stripe-signature': event.signature }),
      },
      payload: event.payload,
    });
  }

  const subscriptionEvent = (
    type: string,
    subscriptionId: string,
    options: { createdAt?: Date } = {},
  ) => signedEvent(type, fake.subscriptionObject(subscriptionId), { secret: SECRET, ...options });

  async function processedCount(eventId: string): Promise<number> {
    return (
      await app.database.db
        .select()
        .from(processedPaymentEvents)
        .where(eq(processedPaymentEvents.id, eventId))
    ).length;
  }

  it('a signed customer.subscription.updated for a paid subscription makes the user Pro', async () => {
    const { cookie, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    const event = subscriptionEvent('customer.subscription.updated', subscriptionId);
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await isPaid(app, cookie)).toBe(true);
    expect(await processedCount(event.id)).toBe(1);
  });

  it("believes Stripe, not the event: an event claiming 'active' for an unpaid subscription changes nothing", async () => {
    const { cookie, subscriptionId } = await startCheckout(app);
    const claim = { ...fake.subscriptionObject(subscriptionId), status: 'active' };
    const response = await deliver(
      signedEvent('customer.subscription.updated', claim, { secret: SECRET }),
    );
    expect(response.statusCode).toBe(200);
    expect(await isPaid(app, cookie)).toBe(false);
  });

  it('unsigned, tampered, wrong-secret and 10-minute-old payloads get 400 and change nothing', async () => {
    const { cookie, userId, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    const genuine = subscriptionEvent('customer.subscription.updated', subscriptionId);
    const wrongSecret = signedEvent(
      'customer.subscription.updated',
      fake.subscriptionObject(subscriptionId),
      {
        secret: 'whsec_someone_else',
      },
    );
    const stale = signedEvent(
      'customer.subscription.updated',
      fake.subscriptionObject(subscriptionId),
      {
        secret: SECRET,
        signedAt: new Date(Date.now() - 10 * 60 * 1000),
      },
    );
    const attempts = [
      { payload: genuine.payload },
      {
        payload: genuine.payload.replace('"livemode":false', '"livemode":true'),
        signature: genuine.signature,
      },
      wrongSecret,
      stale,
      { payload: genuine.payload, signature: 'not-a-signature' },
    ];
    const reads = fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length;
    for (const attempt of attempts) {
      const response = await deliver(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid webhook signature' });
    }
    expect(fake.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).length).toBe(reads);
    for (const event of [genuine, wrongSecret, stale])
      expect(await processedCount(event.id)).toBe(0);
    expect(await isPaid(app, cookie)).toBe(false);
    expect((await storedSubscriptionsOf(app, userId))[0]?.status).toBe('incomplete');
  });

  it('the same event delivered twice is applied once', async () => {
    const { cookie, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    const event = subscriptionEvent('customer.subscription.updated', subscriptionId);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    // Were the repeat applied again, it would now read "canceled" from Stripe.
    fake.patch(subscriptionId, { status: 'canceled' });
    const repeat = await deliver(event);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ received: true, duplicate: true });
    expect(await isPaid(app, cookie)).toBe(true);
    expect(await processedCount(event.id)).toBe(1);
  });

  it('the same event delivered concurrently is applied once', async () => {
    const { cookie, userId, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    const event = subscriptionEvent('customer.subscription.updated', subscriptionId);
    const responses = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(
      responses.filter((response) => response.json<{ duplicate: boolean }>().duplicate === false),
    ).toHaveLength(1);
    expect(await processedCount(event.id)).toBe(1);
    expect(await storedSubscriptionsOf(app, userId)).toHaveLength(1);
    expect(await isPaid(app, cookie)).toBe(true);
  });

  it('customer.subscription.deleted, then an older updated arriving late, leaves the user free', async () => {
    const { cookie, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000);
    await deliver(
      subscriptionEvent('customer.subscription.updated', subscriptionId, {
        createdAt: minutesAgo(3),
      }),
    );
    expect(await isPaid(app, cookie)).toBe(true);

    const olderUpdate = subscriptionEvent('customer.subscription.updated', subscriptionId, {
      createdAt: minutesAgo(2),
    });
    fake.patch(subscriptionId, { status: 'canceled' });
    const deleted = subscriptionEvent('customer.subscription.deleted', subscriptionId, {
      createdAt: minutesAgo(1),
    });
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await isPaid(app, cookie)).toBe(false);
    expect((await deliver(olderUpdate)).statusCode).toBe(200);
    expect(await isPaid(app, cookie)).toBe(false);
  });

  it('invoice.payment_failed marks the subscription past due; the user may pay the open invoice again', async () => {
    const { cookie, userId, subscriptionId } = await startCheckout(app);
    fake.pay(subscriptionId);
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    expect(await isPaid(app, cookie)).toBe(true);

    fake.patch(subscriptionId, { status: 'past_due', invoiceStatus: 'open' });
    const failed = signedEvent('invoice.payment_failed', fake.invoiceObject(subscriptionId), {
      secret: SECRET,
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await storedSubscriptionsOf(app, userId))[0]?.status).toBe('past_due');
    expect(await isPaid(app, cookie)).toBe(false);
    const retry = await getOrCreate(app, cookie);
    expect(retry).toMatchObject({
      subscriptionId,
      isActive: false,
      clientSecret: expect.stringMatching(/_secret_/),
    });
  });

  it('acknowledges events it has no use for, and events about subscriptions of nobody here', async () => {
    const unrelated = signedEvent(
      'customer.created',
      { id: 'cus_unrelated', object: 'customer' },
      { secret: SECRET },
    );
    expect((await deliver(unrelated)).json()).toEqual({ received: true, duplicate: false });
    const { subscriptionId } = await startCheckout(app);
    const stranger = {
      ...fake.subscriptionObject(subscriptionId),
      id: 'sub_of_a_stranger',
      customer: 'cus_of_a_stranger',
    };
    const response = await deliver(
      signedEvent('customer.subscription.created', stranger, { secret: SECRET }),
    );
    expect(response.statusCode).toBe(200);
    const rows = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_of_a_stranger'));
    expect(rows).toHaveLength(0);
  });
});
