import type { DatabaseHandle } from '../db/database.js';
import type { PaidStateChanges } from './paid-state-cache.js';

/** PostgreSQL notification channel: each message is the id of a user whose subscriptions changed. */
export const PAID_STATE_CHANGES_CHANNEL = 'paid_state_changes';

/** How a change reaches the other processes: a notification on PostgreSQL, nothing on PGlite (one process). */
export function paidStateBroadcast(database: DatabaseHandle): (userId: string) => Promise<void> {
  const { driver } = database;
  if (driver.kind === 'pglite') return async () => undefined;
  return async (userId) => {
    await driver.pool.query('SELECT pg_notify($1, $2)', [PAID_STATE_CHANGES_CHANNEL, userId]);
  };
}

/** For processes without a paid-state cache of their own (workers): they only tell the others. */
export function broadcastOnlyPaidStateChanges(database: DatabaseHandle): PaidStateChanges {
  const broadcast = paidStateBroadcast(database);
  return { changed: broadcast };
}
