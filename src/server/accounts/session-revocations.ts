import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../db/database.js';
import { PaidStateCache } from '../billing/paid-state-cache.js';
import { paidStateBroadcast, PAID_STATE_CHANGES_CHANNEL } from '../billing/paid-state-changes.js';
import { SessionCache } from './session-cache.js';

/** PostgreSQL notification channel: each message is the id of a user whose sessions changed. */
export const SESSION_REVOCATIONS_CHANNEL = 'session_revocations';
/** How long a verified session is trusted from memory before the database is asked again. */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;
/** How long a user's plan is trusted from memory (changes are broadcast; this bounds a miss). */
export const PAID_STATE_CACHE_MAX_AGE_MS = 60_000;
const MAX_CACHED_SESSIONS = 50_000;
const MAX_CACHED_PAID_STATES = 50_000;
const RECONNECT_DELAY_MS = 1_000;

export interface RunningSessionCache {
  cache: SessionCache;
  /** Each user's plan, forgotten whenever billing stores one of their subscriptions. */
  paidStates: PaidStateCache;
  close(): Promise<void>;
}

/**
 * The session and paid-state caches and how their changes travel. PGlite is embedded in this one
 * process, so forgetting locally is enough. On PostgreSQL every API process listens on two
 * channels and a change is a notification to all of them; while a process is not listening (the
 * database restarted) its caches are off, so it never misses one.
 */
export async function startSessionCache(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<RunningSessionCache> {
  const { driver } = database;
  const paidStates = new PaidStateCache({
    maxAgeMs: PAID_STATE_CACHE_MAX_AGE_MS,
    maxEntries: MAX_CACHED_PAID_STATES,
    broadcast: paidStateBroadcast(database),
  });
  if (driver.kind === 'pglite') {
    const cache = new SessionCache({
      maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
      maxEntries: MAX_CACHED_SESSIONS,
      broadcast: async () => undefined,
    });
    cache.setLive(true);
    paidStates.setLive(true);
    return { cache, paidStates, close: async () => undefined };
  }

  const { pool, url } = driver;
  const cache = new SessionCache({
    maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
    maxEntries: MAX_CACHED_SESSIONS,
    broadcast: async (userId) => {
      await pool.query('SELECT pg_notify($1, $2)', [SESSION_REVOCATIONS_CHANNEL, userId]);
    },
  });
  const setLive = (live: boolean) => {
    cache.setLive(live);
    paidStates.setLive(live);
  };
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let quietUntilBack = false;

  const lost = (client: pg.Client, error?: Error) => {
    if (current !== client) return;
    current = undefined;
    setLive(false);
    client.end().catch(() => undefined);
    if (closed) return;
    if (!quietUntilBack) {
      // Once per outage: retries every second would flood the log.
      log.warn(
        { err: error },
        'session revocations: not listening, every session is checked in the database until the connection is back',
      );
      quietUntilBack = true;
    }
    retry = setTimeout(() => void listen(), RECONNECT_DELAY_MS);
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === PAID_STATE_CHANGES_CHANNEL) paidStates.forgetUser(message.payload);
      else cache.forgetUser(message.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_REVOCATIONS_CHANNEL}`);
      await client.query(`LISTEN ${PAID_STATE_CHANGES_CHANNEL}`);
      if (current === client) {
        setLive(true);
        quietUntilBack = false;
      }
    } catch (error) {
      lost(client, error instanceof Error ? error : new Error(String(error)));
    }
  }

  await listen();
  return {
    cache,
    paidStates,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      setLive(false);
      await client?.end().catch(() => undefined);
    },
  };
}
