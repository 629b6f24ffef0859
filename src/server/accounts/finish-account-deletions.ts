import { eq, isNull } from 'drizzle-orm';
import { deleteCustomer, listCustomersForUser } from '../billing/billing-customer.repository.js';
import type { BillingDeps } from '../billing/billing-deps.js';
import { cancelUserSubscriptions } from '../billing/cancel-user-subscriptions.js';
import type { Database } from '../db/database.js';
import { accountDeletions } from '../db/schema.js';

export interface FinishAccountDeletionsDeps {
  db: Database;
  billing: BillingDeps;
}

/**
 * The scheduled rest of an account deletion, well within the 30 days the terms promise: the
 * payment provider forgets the customer (card, email, name) and our link to it goes. A failure
 * leaves the deletion pending for the next run. Returns how many deletions it finished.
 */
export async function finishAccountDeletions(deps: FinishAccountDeletionsDeps): Promise<number> {
  const { db, billing } = deps;
  const pending = await db
    .select()
    .from(accountDeletions)
    .where(isNull(accountDeletions.completedAt));
  for (const { userId } of pending) {
    await cancelUserSubscriptions(billing, userId);
    for (const customer of await listCustomersForUser(db, userId)) {
      if (customer.provider === billing.provider.name) {
        await billing.provider.deleteCustomer(customer.providerCustomerId);
      }
      await deleteCustomer(db, customer.id);
    }
    await db
      .update(accountDeletions)
      .set({ completedAt: new Date() })
      .where(eq(accountDeletions.userId, userId));
  }
  return pending.length;
}
