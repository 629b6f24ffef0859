import type { Database } from '../db/database.js';
import type { PaidStateChanges } from './paid-state-cache.js';
import type { BillingProvider } from './providers/billing-provider.js';

/** What billing services work with: our database and the configured payment provider. */
export interface BillingDeps {
  db: Database;
  provider: BillingProvider;
  /** Told after every subscription stored, so no process keeps serving the old plan. */
  paidStates: PaidStateChanges;
}

export interface BillingUser {
  id: string;
  name: string;
  email: string;
}
