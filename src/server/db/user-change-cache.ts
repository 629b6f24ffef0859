import type { UserChangeListener } from './user-change-channels.js';

/**
 * What one entry costs beyond its own strings: the Map slot, the entry object and its numbers.
 * An estimate; it keeps a cache of many tiny entries bounded too.
 */
export const ENTRY_OVERHEAD_BYTES = 200;

/** The bytes a string takes in memory at most (two a character). */
export function stringBytes(text: string): number {
  return text.length * 2;
}

/** The bytes a JSON-shaped value's strings take at most, plus one entry's overhead. */
export function jsonBytes(value: unknown): number {
  return stringBytes(JSON.stringify(value) ?? '') + ENTRY_OVERHEAD_BYTES;
}

export interface UserChangeCacheOptions<V> {
  /** How long an entry is trusted from memory: every change is announced; this bounds a miss. */
  maxAgeMs: number;
  /** Entries of all users together; the oldest goes first. */
  maxEntries?: number;
  /** Users with entries; the user remembered first goes first, with all of their entries. */
  maxUsers?: number;
  /** Entries of one user; that user's oldest goes first. */
  maxEntriesPerUser?: number;
  /** All entries together never take more bytes than this (as `sizeOf` counts); the oldest go first. */
  maxBytes?: number;
  /** What one entry takes in memory, key included (by default the overhead alone). */
  sizeOf?: (key: string, value: V) => number;
  /** How often expired entries nobody asked for again are dropped; by default once per max age. */
  sweepEveryMs?: number;
}

export interface RememberOptions {
  now?: number;
  /** When the value stops being true by itself (a session's or a paid period's end), in ms. */
  expiresAt?: number;
}

interface Entry<V> {
  userId: string;
  value: V;
  /** When this process must ask the database again. */
  until: number;
  bytes: number;
}

/**
 * What this process last read from the database about its users, kept until a change to the user
 * is announced: by a write here, or by a notification from another process or a trigger
 * (`user-change-channels.ts`). The sessions, the paid states and the library reads all keep to
 * this one protocol:
 * - `forgetUser` drops every entry of that user;
 * - a read that overlapped a change is not remembered: take `generation()` before reading the
 *   database and pass it to `remember`;
 * - while changes cannot reach this process (`setLive(false)`) nothing is served, and going deaf
 *   or hearing again forgets everything, as a missed change might matter;
 * - an entry is trusted for `maxAgeMs` at most, never past its own `expiresAt`;
 * - memory is bounded in entries, users and bytes, and expired entries are swept on a timer
 *   (unref'd; `close` stops it), so many users' large values cannot fill the heap.
 * Keys are unique across users (a session token, a user id, a user's read). Values are never
 * `undefined`, which `get` answers for "ask the database".
 */
export class UserChangeCache<V> {
  /** In the order remembered, so the first is the oldest. */
  private readonly entries = new Map<string, Entry<V>>();
  /** Each user's keys, users and keys in the order first remembered. */
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Goes up with every change: a read that overlapped one is not remembered. */
  private changes = 0;
  private live = false;
  private totalBytes = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: UserChangeCacheOptions<V>) {
    this.sweeper = setInterval(() => this.sweep(), options.sweepEveryMs ?? options.maxAgeMs);
    this.sweeper.unref();
  }

  /** The bytes the entries take now, as `sizeOf` counts them. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** How many entries are kept now. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): V | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading the database; pass the value to `remember`. */
  generation(): number {
    return this.changes;
  }

  remember(
    userId: string,
    key: string,
    value: V,
    generation: number,
    { now = Date.now(), expiresAt = Infinity }: RememberOptions = {},
  ): void {
    if (!this.live || generation !== this.changes) return;
    this.delete(key);
    const bytes = this.options.sizeOf?.(key, value) ?? ENTRY_OVERHEAD_BYTES;
    // One value larger than the whole cache is not kept at all.
    if (this.options.maxBytes !== undefined && bytes > this.options.maxBytes) return;
    this.makeRoom(userId, bytes);
    this.entries.set(key, {
      userId,
      value,
      until: Math.min(now + this.options.maxAgeMs, expiresAt),
      bytes,
    });
    this.totalBytes += bytes;
    const keys = this.keysByUser.get(userId) ?? new Set<string>();
    this.keysByUser.set(userId, keys.add(key));
  }

  /** Forgets a user's entries in this process (what a change announced from anywhere does). */
  forgetUser(userId: string): void {
    this.changes += 1;
    this.dropUser(userId);
  }

  /** Whether changes reach this process; going deaf, or hearing again, forgets everything. */
  setLive(live: boolean): void {
    this.changes += 1;
    this.entries.clear();
    this.keysByUser.clear();
    this.totalBytes = 0;
    this.live = live;
  }

  /** Drops the entries past their time that nobody asked for again. */
  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.delete(key);
  }

  /** Stops the sweeping timer. */
  close(): void {
    clearInterval(this.sweeper);
  }

  /** Keeps the cache current through `user-change-channels.ts`, on `channel`. */
  listener(channel: string): UserChangeListener {
    return {
      channel,
      forgetUser: (userId) => this.forgetUser(userId),
      setLive: (live) => this.setLive(live),
    };
  }

  /** Every bound is kept here, before an entry of `userId` taking `bytes` is added. */
  private makeRoom(userId: string, bytes: number): void {
    const { maxEntries, maxUsers, maxEntriesPerUser, maxBytes } = this.options;
    const own = this.keysByUser.get(userId);
    if (!own && maxUsers !== undefined && this.keysByUser.size >= maxUsers) {
      const oldestUser = this.keysByUser.keys().next();
      if (!oldestUser.done) this.dropUser(oldestUser.value);
    }
    if (own && maxEntriesPerUser !== undefined && own.size >= maxEntriesPerUser) {
      const oldest = own.values().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    while (
      (maxEntries !== undefined && this.entries.size >= maxEntries) ||
      (maxBytes !== undefined && this.totalBytes + bytes > maxBytes)
    ) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  /** Makes room; unlike `forgetUser` it is no change, so reads under way may still be kept. */
  private dropUser(userId: string): void {
    for (const key of this.keysByUser.get(userId) ?? []) {
      const entry = this.entries.get(key);
      if (entry) this.totalBytes -= entry.bytes;
      this.entries.delete(key);
    }
    this.keysByUser.delete(userId);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}
