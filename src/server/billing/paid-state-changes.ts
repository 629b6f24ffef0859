import type { DatabaseHandle } from '../db/database.js';
import { userChangeBroadcast, type UserChangeListener } from '../db/user-change-channels.js';
import { PaidStateCache, type PaidStateChanges } from './paid-state-cache.js';

/** PostgreSQL notification channel: each message is the id of a user whose subscriptions changed. */
export const PAID_STATE_CHANGES_CHANNEL = 'paid_state_changes';
/** How long a user's plan is trusted from memory (changes are broadcast; this bounds a miss). */
export const PAID_STATE_CACHE_MAX_AGE_MS = 60_000;
const MAX_CACHED_PAID_STATES = 50_000;

/** How a change reaches the other processes: a notification on PostgreSQL, nothing on PGlite (one process). */
export function paidStateBroadcast(database: DatabaseHandle): (userId: string) => Promise<void> {
  return userChangeBroadcast(database, PAID_STATE_CHANGES_CHANNEL);
}

/**
 * Each user's plan in this process, forgotten whenever billing stores one of their subscriptions,
 * here or in another process (the listener keeps it current: `db/user-change-channels`).
 */
export function createPaidStateCache(database: DatabaseHandle): {
  paidStates: PaidStateCache;
  listener: UserChangeListener;
} {
  const paidStates = new PaidStateCache({
    maxAgeMs: PAID_STATE_CACHE_MAX_AGE_MS,
    maxEntries: MAX_CACHED_PAID_STATES,
    broadcast: paidStateBroadcast(database),
  });
  return {
    paidStates,
    listener: {
      channel: PAID_STATE_CHANGES_CHANNEL,
      forgetUser: (userId) => paidStates.forgetUser(userId),
      setLive: (live) => paidStates.setLive(live),
    },
  };
}

/** For processes without a paid-state cache of their own (workers): they only tell the others. */
export function broadcastOnlyPaidStateChanges(database: DatabaseHandle): PaidStateChanges {
  const broadcast = paidStateBroadcast(database);
  return { changed: broadcast };
}
