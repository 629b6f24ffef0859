import type { UserChangeListener } from './user-change-channels.js';

export interface UserChangeCacheOptions {
  /** How long an entry is trusted from memory: every change is announced; this bounds a miss. */
  maxAgeMs: number;
  /** Entries of all users together; the oldest goes first. */
  maxEntries?: number;
  /** Users with entries; the user remembered first goes first, with all of their entries. */
  maxUsers?: number;
  /** Entries of one user; that user's oldest goes first. */
  maxEntriesPerUser?: number;
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
 * - an entry is trusted for `maxAgeMs` at most, never past its own `expiresAt`.
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

  constructor(private readonly options: UserChangeCacheOptions) {}

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
    this.makeRoom(userId);
    this.entries.set(key, {
      userId,
      value,
      until: Math.min(now + this.options.maxAgeMs, expiresAt),
    });
    const keys = this.keysByUser.get(userId) ?? new Set<string>();
    this.keysByUser.set(userId, keys.add(key));
  }

  /** Forgets a user's entries in this process (what a change announced from anywhere does). */
  forgetUser(userId: string): void {
    this.changes += 1;
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  /** Whether changes reach this process; going deaf, or hearing again, forgets everything. */
  setLive(live: boolean): void {
    this.changes += 1;
    this.entries.clear();
    this.keysByUser.clear();
    this.live = live;
  }

  /** Keeps the cache current through `user-change-channels.ts`, on `channel`. */
  listener(channel: string): UserChangeListener {
    return {
      channel,
      forgetUser: (userId) => this.forgetUser(userId),
      setLive: (live) => this.setLive(live),
    };
  }

  /** Every bound is kept here, before an entry of `userId` is added. */
  private makeRoom(userId: string): void {
    const { maxEntries, maxUsers, maxEntriesPerUser } = this.options;
    const own = this.keysByUser.get(userId);
    if (!own && maxUsers !== undefined && this.keysByUser.size >= maxUsers) {
      const oldestUser = this.keysByUser.keys().next();
      if (!oldestUser.done) this.dropUser(oldestUser.value);
    }
    if (own && maxEntriesPerUser !== undefined && own.size >= maxEntriesPerUser) {
      const oldest = own.values().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    if (maxEntries !== undefined && this.entries.size >= maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
  }

  /** Makes room; unlike `forgetUser` it is no change, so reads under way may still be kept. */
  private dropUser(userId: string): void {
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}
