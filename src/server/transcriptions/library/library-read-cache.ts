import type { FastifyInstance } from 'fastify';
import type { UserChangeListener } from '../../db/user-change-channels.js';

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

interface CachedRead {
  value: unknown;
  until: number;
}

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
  private readonly users = new Map<string, Map<string, CachedRead>>();
  /** Goes up with every change: a read that overlapped one is not remembered. */
  private changes = 0;
  private live = false;
  private readonly maxAgeMs: number;
  private readonly maxUsers: number;
  private readonly maxReadsPerUser: number;

  constructor(options: LibraryReadCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? LIBRARY_READ_MAX_AGE_MS;
    this.maxUsers = options.maxUsers ?? MAX_CACHED_USERS;
    this.maxReadsPerUser = options.maxReadsPerUser ?? MAX_READS_PER_USER;
  }

  /** The user's read named `key` from memory, or `load()`ed and remembered. */
  async read<T>(userId: string, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const cached = this.live ? this.users.get(userId)?.get(key) : undefined;
    if (cached && cached.until > now) return cached.value as T;
    const generation = this.changes;
    const value = await load();
    if (this.live && generation === this.changes) this.remember(userId, key, value, now);
    return value;
  }

  private remember(userId: string, key: string, value: unknown, now: number): void {
    let reads = this.users.get(userId);
    if (!reads) {
      if (this.users.size >= this.maxUsers) this.users.delete(firstKey(this.users));
      reads = new Map();
      this.users.set(userId, reads);
    }
    reads.delete(key);
    if (reads.size >= this.maxReadsPerUser) reads.delete(firstKey(reads));
    reads.set(key, { value, until: now + this.maxAgeMs });
  }

  forgetUser(userId: string): void {
    this.changes += 1;
    this.users.delete(userId);
  }

  /** Whether notifications reach this process; going deaf, or hearing again, forgets everything. */
  setLive(live: boolean): void {
    this.changes += 1;
    this.users.clear();
    this.live = live;
  }

  /** Keeps the cache current through `db/user-change-channels`. */
  get listener(): UserChangeListener {
    return {
      channel: LIBRARY_CHANGES_CHANNEL,
      forgetUser: (userId) => this.forgetUser(userId),
      setLive: (live) => this.setLive(live),
    };
  }
}

function firstKey<K>(map: Map<K, unknown>): K {
  return map.keys().next().value as K;
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
