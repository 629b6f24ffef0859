import type { FastifyInstance } from 'fastify';
import type { UserChangeListener } from '../../db/user-change-channels.js';
import { UserChangeCache } from '../../db/user-change-cache.js';

/**
 * The database channel a trigger notifies whenever a user's transcripts or monthly count change
 * (migration 0005), from any process and any statement; the payload is the user's id.
 */
export const LIBRARY_CHANGES_CHANNEL = 'library_changed';
/** How long a read is trusted from memory: every change is announced; this bounds a miss. */
export const LIBRARY_READ_MAX_AGE_MS = 60_000;
const MAX_CACHED_USERS = 20_000;
/** Pages and months per user: the pages a dashboard shows, a few sorts, this month's usage. */
const MAX_READS_PER_USER = 16;

export interface LibraryReadCacheOptions {
  maxAgeMs?: number;
  maxUsers?: number;
  maxReadsPerUser?: number;
}

/**
 * What a user's list pages and usage last read in this process, so the polls of a dashboard
 * need no query. Forgotten as soon as the database says the user's library changed (the trigger
 * covers writes from workers and other processes) or this process answered a write of theirs
 * (so a user reads what they just did before the notification arrives). While notifications
 * cannot reach this process (`live` false) every read goes to the database.
 */
export class LibraryReadCache {
  private readonly reads: UserChangeCache<unknown>;

  constructor(options: LibraryReadCacheOptions = {}) {
    this.reads = new UserChangeCache({
      maxAgeMs: options.maxAgeMs ?? LIBRARY_READ_MAX_AGE_MS,
      maxUsers: options.maxUsers ?? MAX_CACHED_USERS,
      maxEntriesPerUser: options.maxReadsPerUser ?? MAX_READS_PER_USER,
    });
  }

  /** The user's read named `key` from memory, or `load()`ed and remembered. */
  async read<T>(userId: string, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    // One cache for every user's reads: the user's id makes the key their own.
    const readKey = `${userId}\n${key}`;
    const cached = this.reads.get(readKey, now);
    if (cached !== undefined) return cached as T;
    const generation = this.reads.generation();
    const value = await load();
    this.reads.remember(userId, readKey, value, generation, { now });
    return value;
  }

  forgetUser(userId: string): void {
    this.reads.forgetUser(userId);
  }

  /** Whether notifications reach this process; going deaf, or hearing again, forgets everything. */
  setLive(live: boolean): void {
    this.reads.setLive(live);
  }

  /** Keeps the cache current through `db/user-change-channels`. */
  get listener(): UserChangeListener {
    return this.reads.listener(LIBRARY_CHANGES_CHANNEL);
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A signed-in user's own write forgets their reads in this process before they hear the answer:
 * the trigger's notification travels through the database and could arrive after their next read.
 */
export function forgetReadsOnWrites(app: FastifyInstance, cache: LibraryReadCache): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && !READ_METHODS.has(request.method)) cache.forgetUser(request.user.id);
    done(null, payload);
  });
}
