import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../db/database.js';

/**
 * The database channel on which "this transcription's row changed" travels; the payload is
 * `<transcription id> <uploader's user id> <team id, or nothing>`, or `comments <transcription id>`
 * when its comments or highlights changed.
 */
export const TRANSCRIPTION_CHANNEL = 'transcription_changed';

const RECONNECT_DELAY_MS = 1_000;
const COMMENTS_PREFIX = 'comments';

export interface TranscriptionChange {
  transcriptionId: string;
  /** The uploader. */
  userId: string;
  /** The team whose library holds it, if any (a move names each side in its own change). */
  teamId?: string | null;
}

/**
 * Wakes whoever watches a transcription (an SSE stream, the worker running it) or all of one
 * user's transcriptions (the dashboard's stream) when a row changes. Carried by the database's
 * own LISTEN/NOTIFY, so separate worker processes on PostgreSQL reach the API process; on PGlite
 * everything is one process. Signals say only "look again": the row is the truth, so a lost
 * signal delays an update and never loses one.
 */
export interface TranscriptionSignals {
  notify(change: TranscriptionChange): Promise<void>;
  /** Calls `listener` whenever `transcriptionId` changes; returns the unsubscribe. */
  watch(transcriptionId: string, listener: () => void): () => void;
  /**
   * Calls `listener` with the id of any of the user's transcriptions that changed, or with no id
   * when signals may have been missed (look at everything again); returns the unsubscribe.
   */
  watchUser(userId: string, listener: (transcriptionId?: string) => void): () => void;
  /** Someone added, changed or removed a comment or highlight on the transcription. */
  notifyComments(transcriptionId: string): Promise<void>;
  /** Calls `listener` whenever the transcription's comments or highlights change. */
  watchComments(transcriptionId: string, listener: () => void): () => void;
  /** As watchUser, for the transcriptions in a team's library. */
  watchTeam(teamId: string, listener: (transcriptionId?: string) => void): () => void;
  close(): Promise<void>;
}

function subscribe<T>(map: Map<string, Set<T>>, key: string, listener: T): () => void {
  const set = map.get(key) ?? new Set();
  set.add(listener);
  map.set(key, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(key);
  };
}

export async function startTranscriptionSignals(
  database: DatabaseHandle,
): Promise<TranscriptionSignals> {
  const byTranscription = new Map<string, Set<() => void>>();
  const byUser = new Map<string, Set<(transcriptionId?: string) => void>>();
  const byComments = new Map<string, Set<() => void>>();
  const byTeam = new Map<string, Set<(transcriptionId?: string) => void>>();
  const deliver = (payload: string | undefined): void => {
    const [transcriptionId = '', userId = '', teamId = ''] = (payload ?? '').split(' ');
    if (transcriptionId === COMMENTS_PREFIX) {
      for (const listener of byComments.get(userId) ?? []) listener();
      return;
    }
    for (const listener of byTranscription.get(transcriptionId) ?? []) listener();
    for (const listener of byUser.get(userId) ?? []) listener(transcriptionId);
    if (teamId) for (const listener of byTeam.get(teamId) ?? []) listener(transcriptionId);
  };
  // Signals sent while the listening connection was down are lost: everyone looks again.
  const wakeAll = (): void => {
    for (const set of byTranscription.values()) for (const listener of set) listener();
    for (const set of byUser.values()) for (const listener of set) listener();
    for (const set of byComments.values()) for (const listener of set) listener();
    for (const set of byTeam.values()) for (const listener of set) listener();
  };
  const stopListening = await listenFor(database, deliver, wakeAll);
  return {
    async notify({ transcriptionId, userId, teamId }) {
      const payload = `${transcriptionId} ${userId} ${teamId ?? ''}`.trimEnd();
      await database.db.execute(sql`SELECT pg_notify(${TRANSCRIPTION_CHANNEL}, ${payload})`);
    },
    watch: (transcriptionId, listener) => subscribe(byTranscription, transcriptionId, listener),
    watchUser: (userId, listener) => subscribe(byUser, userId, listener),
    async notifyComments(transcriptionId) {
      await database.db.execute(
        sql`SELECT pg_notify(${TRANSCRIPTION_CHANNEL}, ${`${COMMENTS_PREFIX} ${transcriptionId}`})`,
      );
    },
    watchComments: (transcriptionId, listener) => subscribe(byComments, transcriptionId, listener),
    watchTeam: (teamId, listener) => subscribe(byTeam, teamId, listener),
    async close() {
      byTranscription.clear();
      byUser.clear();
      byComments.clear();
      byTeam.clear();
      await stopListening();
    },
  };
}

async function listenFor(
  database: DatabaseHandle,
  deliver: (payload: string | undefined) => void,
  onReconnected: () => void,
): Promise<() => Promise<void>> {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    const unlisten = await driver.client.listen(TRANSCRIPTION_CHANNEL, deliver);
    return async () => {
      await unlisten().catch(() => undefined);
    };
  }
  // LISTEN needs a connection of its own that stays open; pool connections come and go.
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let connections = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: driver.url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => deliver(message.payload));
    // The database restarted or went away: listen again once it answers.
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${TRANSCRIPTION_CHANNEL}`);
      connections += 1;
      if (connections > 1) onReconnected();
    } catch {
      reconnect(next);
    }
  };
  const reconnect = (broken: pg.Client): void => {
    if (closed || client !== broken || retry) return;
    client = undefined;
    void broken.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
