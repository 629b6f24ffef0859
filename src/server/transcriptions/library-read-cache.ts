import type { FastifyInstance } from 'fastify';
import type { UserChangeListener } from '../db/user-change-channels.js';
import { ExpiringEntries, jsonBytes, stringBytes, sweepEvery } from '../expiring-entries.js';

/**
 * The database channel a trigger notifies whenever a user's transcripts or monthly count change
 * (migration 0005), from any process and any statement; the payload is the user's id.
 */
export const LIBRARY_CHANGES_CHANNEL = 'library_changed';
/** How long a read is trusted from memory: every change is announced; this bounds a miss. */
export const LIBRARY_READ_MAX_AGE_MS = 60_000;
/** Pages and months per user: the pages a dashboard shows, a few sorts, this month's usage. */
const MAX_READS_PER_USER = 16;
/** What the reads of all users together may take, unless the operator says (LIBRARY_CACHE_MB). */
export const DEFAULT_LIBRARY_CACHE_BYTES = 64 * 1024 * 1024;

interface CachedRead {
  userId: string;
  value: unknown;
}

export interface LibraryReadCacheOptions {
  maxAgeMs?: number;
  /** All users' reads together never take more; the oldest go first. */
  maxBytes?: number;
  maxReadsPerUser?: number;
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
  private readonly reads: ExpiringEntries<string, CachedRead>;
  /** The keys of each user's reads, oldest first. */
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Goes up with every change: a read that overlapped one is not remembered. */
  private changes = 0;
  private live = false;
  private readonly maxAgeMs: number;
  private readonly maxReadsPerUser: number;
  private readonly stopSweeping: () => void;

  constructor(options: LibraryReadCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? LIBRARY_READ_MAX_AGE_MS;
    this.maxReadsPerUser = options.maxReadsPerUser ?? MAX_READS_PER_USER;
    this.reads = new ExpiringEntries({
      maxBytes: options.maxBytes ?? DEFAULT_LIBRARY_CACHE_BYTES,
      sizeOf: (key, read) => stringBytes(key) + jsonBytes(read.value),
      onRemove: (key, read) => this.unindex(read.userId, key),
    });
    this.stopSweeping = sweepEvery(options.sweepEveryMs ?? this.maxAgeMs, () => this.sweep());
  }

  /** The bytes the remembered reads take now. */
  get bytes(): number {
    return this.reads.bytes;
  }

  /** How many reads are remembered now. */
  get size(): number {
    return this.reads.size;
  }

  /** The user's read named `key` from memory, or `load()`ed and remembered. */
  async read<T>(userId: string, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const cached = this.live ? this.reads.get(readKey(userId, key), now) : undefined;
    if (cached) return cached.value as T;
    const generation = this.changes;
    const value = await load();
    if (this.live && generation === this.changes) this.remember(userId, key, value, now);
    return value;
  }

  private remember(userId: string, key: string, value: unknown, now: number): void {
    const fullKey = readKey(userId, key);
    this.reads.delete(fullKey);
    const keys = this.keysByUser.get(userId);
    if (keys && keys.size >= this.maxReadsPerUser) {
      this.reads.delete(keys.values().next().value as string);
    }
    this.reads.set(fullKey, { userId, value }, now + this.maxAgeMs);
    if (this.reads.get(fullKey, now) === undefined) return; // larger than the whole cache
    let userKeys = this.keysByUser.get(userId);
    if (!userKeys) {
      userKeys = new Set();
      this.keysByUser.set(userId, userKeys);
    }
    userKeys.add(fullKey);
  }

  private unindex(userId: string, fullKey: string): void {
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    keys.delete(fullKey);
    if (keys.size === 0) this.keysByUser.delete(userId);
  }

  forgetUser(userId: string): void {
    this.changes += 1;
    for (const key of [...(this.keysByUser.get(userId) ?? [])]) this.reads.delete(key);
  }

  /** Whether notifications reach this process; going deaf, or hearing again, forgets everything. */
  setLive(live: boolean): void {
    this.changes += 1;
    this.reads.clear();
    this.live = live;
  }

  /** Drops the reads past their max age that nobody asked for again. */
  sweep(now = Date.now()): void {
    this.reads.sweep(now);
  }

  /** Stops the sweeping timer. */
  close(): void {
    this.stopSweeping();
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

/** User ids hold no NUL, so a user's keys never collide with another's. */
function readKey(userId: string, key: string): string {
  return `${userId}\u0000${key}`;
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
