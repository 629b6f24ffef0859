import type { FastifyInstance } from 'fastify';
import type { UserChangeListener } from '../../db/user-change-channels.js';
import { jsonBytes, stringBytes, UserChangeCache } from '../../db/user-change-cache.js';

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
/** What the reads of all users together may take, unless the operator says (LIBRARY_CACHE_MB). */
export const DEFAULT_LIBRARY_CACHE_BYTES = 64 * 1024 * 1024;

export interface LibraryReadCacheOptions {
  maxAgeMs?: number;
  maxUsers?: number;
  maxReadsPerUser?: number;
  /** All users' reads together never take more; the oldest go first. */
  maxBytes?: number;
  /** How often expired reads are dropped; by default once per max age. */
  sweepEveryMs?: number;
}

/**
 * What a user's list pages and usage last read in this process, so the polls of a dashboard
 * need no query. Forgotten as soon as the database says the user's library changed (the trigger
 * covers writes from workers and other processes) or this process answered a write of theirs
 * (so a user reads what they just did before the notification arrives). While notifications
 * cannot reach this process (`live` false) every read goes to the database. Bounded in bytes (as
 * the JSON of each read counts them), and expired reads are swept, so many users' large pages
 * cannot fill the heap.
 */
export class LibraryReadCache {
  private readonly reads: UserChangeCache<unknown>;

  constructor(options: LibraryReadCacheOptions = {}) {
    this.reads = new UserChangeCache({
      maxAgeMs: options.maxAgeMs ?? LIBRARY_READ_MAX_AGE_MS,
      maxUsers: options.maxUsers ?? MAX_CACHED_USERS,
      maxEntriesPerUser: options.maxReadsPerUser ?? MAX_READS_PER_USER,
      maxBytes: options.maxBytes ?? DEFAULT_LIBRARY_CACHE_BYTES,
      sizeOf: (key, value) => stringBytes(key) + jsonBytes(value),
      sweepEveryMs: options.sweepEveryMs,
    });
  }

  /** The bytes the remembered reads take now. */
  get bytes(): number {
    return this.reads.bytes;
  }

  /** How many reads are remembered now. */
  get size(): number {
    return this.reads.size;
  }

  /** Drops the reads past their max age that nobody asked for again. */
  sweep(now = Date.now()): void {
    this.reads.sweep(now);
  }

  /** Stops the sweeping timer. */
  close(): void {
    this.reads.close();
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
