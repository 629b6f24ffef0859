import type { DatabaseHandle } from '../db/database.js';
import { userChangeBroadcast, type UserChangeListener } from '../db/user-change-channels.js';
import { SessionCache } from './session-cache.js';

/** PostgreSQL notification channel: each message is the id of a user whose sessions changed. */
export const SESSION_REVOCATIONS_CHANNEL = 'session_revocations';
/** How long a verified session is trusted from memory before the database is asked again. */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;
const MAX_CACHED_SESSIONS = 50_000;

/**
 * This process's verified sessions. A sign-out or an account deletion is told to every process
 * on `SESSION_REVOCATIONS_CHANNEL`; the listener keeps the cache current (`db/user-change-channels`).
 */
export function createSessionCache(
  database: DatabaseHandle,
  maxBytes?: number,
): {
  cache: SessionCache;
  listener: UserChangeListener;
} {
  const cache = new SessionCache({
    maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
    maxEntries: MAX_CACHED_SESSIONS,
    maxBytes,
    broadcast: userChangeBroadcast(database, SESSION_REVOCATIONS_CHANNEL),
  });
  return {
    cache,
    listener: {
      channel: SESSION_REVOCATIONS_CHANNEL,
      forgetUser: (userId) => cache.forgetUser(userId),
      setLive: (live) => cache.setLive(live),
    },
  };
}
