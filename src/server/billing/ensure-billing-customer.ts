import type { BillingDeps, BillingUser } from './billing-deps.js';
import { findCustomerForUser, insertCustomerIfAbsent } from './billing-customer.repository.js';

/** The user's one customer at the provider, created on their first checkout. */
export async function ensureBillingCustomer(
  { db, provider }: BillingDeps,
  user: BillingUser,
): Promise<string> {
  const existing = await findCustomerForUser(db, user.id, provider.name);
  if (existing) return existing.providerCustomerId;
  // One key per user: concurrent first checkouts get the same customer from the provider.
  const customerId = await provider.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.name,
    idempotencyKey: `sonoscript-customer-${user.id}`,
  });
  await insertCustomerIfAbsent(db, user.id, provider.name, customerId);
  const stored = await findCustomerForUser(db, user.id, provider.name);
  return stored?.providerCustomerId ?? customerId;
}
