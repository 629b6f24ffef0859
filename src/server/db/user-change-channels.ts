import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from './database.js';

const RECONNECT_DELAY_MS = 1_000;

/** A per-user cache that other processes keep current by naming users whose data changed. */
export interface UserChangeListener {
  /** PostgreSQL notification channel; each message is a user id. */
  channel: string;
  forgetUser(userId: string): void;
  /** Whether changes reach this process; a cache serves nothing while they cannot. */
  setLive(live: boolean): void;
}

export interface UserChangeChannels {
  close(): Promise<void>;
}

/** Tells every process that `userId` changed, on `channel`: a notification on PostgreSQL, nothing on PGlite (one process). */
export function userChangeBroadcast(
  database: DatabaseHandle,
  channel: string,
): (userId: string) => Promise<void> {
  const { driver } = database;
  if (driver.kind === 'pglite') return async () => undefined;
  return async (userId) => {
    await driver.pool.query('SELECT pg_notify($1, $2)', [channel, userId]);
  };
}

/**
 * Keeps per-user caches current across processes. PGlite is embedded in this one process, so
 * the caches are live at once and hear only the database's own notifications (triggers). On PostgreSQL one connection
 * listens on every cache's channel; while it is not listening (the database restarted) the caches
 * are off, so none of them ever misses a change, and it reconnects every second.
 */
export async function startUserChangeChannels(
  database: DatabaseHandle,
  listeners: readonly UserChangeListener[],
  log: FastifyBaseLogger,
): Promise<UserChangeChannels> {
  const { driver } = database;
  const setLive = (live: boolean) => listeners.forEach((listener) => listener.setLive(live));
  if (driver.kind === 'pglite') {
    // One process: what it sends itself it has forgotten already, but a database trigger's
    // notifications arrive here as on PostgreSQL.
    const unlisten = await Promise.all(
      listeners.map((listener) =>
        driver.client.listen(listener.channel, (payload) => {
          if (payload) listener.forgetUser(payload);
        }),
      ),
    );
    setLive(true);
    return {
      async close() {
        setLive(false);
        await Promise.all(unlisten.map((stop) => stop().catch(() => undefined)));
      },
    };
  }

  const { url } = driver;
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
        { err: error, channels: listeners.map((listener) => listener.channel) },
        'not listening for changes: sessions and plans are checked in the database until the connection is back',
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
      for (const listener of listeners)
        if (listener.channel === message.channel) listener.forgetUser(message.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const listener of listeners) await client.query(`LISTEN ${listener.channel}`);
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
