import { randomUUID } from 'node:crypto';
import { subscriptions } from '../../../src/server/db/schema.js';
import type { Billing } from '../../../src/server/billing/create-billing.js';
import type { DatabaseHandle } from '../../../src/server/db/database.js';

/** Gives a user an active Pro subscription, as billing would have stored it (and told the caches). */
export async function makeUserPro(
  app: { database: DatabaseHandle; billing: Billing },
  userId: string,
): Promise<void> {
  await app.database.db.insert(subscriptions).values({
    id: randomUUID(),
    userId,
    provider: 'test',
    providerSubscriptionId: `sub_${randomUUID()}`,
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  });
  await app.billing.deps.paidStates.changed(userId);
}
