import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { billingCustomers } from '../db/schema.js';
import type { ProviderName } from './providers/billing-provider.js';

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;

export async function findCustomerForUser(
  db: Database,
  userId: string,
  provider: ProviderName,
): Promise<BillingCustomerRow | undefined> {
  const rows = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)))
    .limit(1);
  return rows[0];
}

export async function findCustomerByProviderId(
  db: Database,
  provider: ProviderName,
  providerCustomerId: string,
): Promise<BillingCustomerRow | undefined> {
  const rows = await db
    .select()
    .from(billingCustomers)
    .where(
      and(
        eq(billingCustomers.provider, provider),
        eq(billingCustomers.providerCustomerId, providerCustomerId),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Keeps the first customer stored for a user: a concurrent second insert changes nothing. */
export async function insertCustomerIfAbsent(
  db: Database,
  userId: string,
  provider: ProviderName,
  providerCustomerId: string,
): Promise<void> {
  await db
    .insert(billingCustomers)
    .values({ id: randomUUID(), userId, provider, providerCustomerId })
    .onConflictDoNothing();
}

export async function listCustomersForUser(
  db: Database,
  userId: string,
): Promise<BillingCustomerRow[]> {
  return db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
}

export async function deleteCustomer(db: Database, id: string): Promise<void> {
  await db.delete(billingCustomers).where(eq(billingCustomers.id, id));
}
