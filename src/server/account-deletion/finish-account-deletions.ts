import { eq, inArray, isNull } from 'drizzle-orm';
import { deleteCustomer, listCustomersForUser } from '../billing/billing-customer.repository.js';
import type { BillingDeps } from '../billing/billing-deps.js';
import { cancelUserSubscriptions } from '../billing/cancel-user-subscriptions.js';
import type { Database } from '../db/database.js';
import { accountDeletions, transcriptions } from '../db/schema.js';
import type { ObjectStorage } from '../storage/object-storage.js';

export interface FinishAccountDeletionsDeps {
  db: Database;
  billing: BillingDeps;
  storage: ObjectStorage;
}

/**
 * Transcripts a deleted account still owns (an upload that was finishing while the owner
 * deleted the account, before new content was refused), and their audio.
 */
export async function sweepDeletedAccountContent(
  deps: Pick<FinishAccountDeletionsDeps, 'db' | 'storage'>,
): Promise<number> {
  const deletedUsers = deps.db.select({ userId: accountDeletions.userId }).from(accountDeletions);
  const leftovers = await deps.db
    .delete(transcriptions)
    .where(inArray(transcriptions.userId, deletedUsers))
    .returning({ audioKey: transcriptions.audioKey });
  for (const { audioKey } of leftovers) await deps.storage.delete(audioKey);
  return leftovers.length;
}

/**
 * The scheduled rest of an account deletion, well within the 30 days the terms promise: the
 * payment provider forgets the customer (card, email, name) and our link to it goes. A failure
 * leaves the deletion pending for the next run. Returns how many deletions it finished.
 */
export async function finishAccountDeletions(deps: FinishAccountDeletionsDeps): Promise<number> {
  const { db, billing } = deps;
  await sweepDeletedAccountContent(deps);
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
