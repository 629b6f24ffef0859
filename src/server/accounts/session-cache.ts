import { ENTRY_OVERHEAD_BYTES, stringBytes, UserChangeCache } from '../db/user-change-cache.js';
import type { SessionUser } from './current-user.js';

/** What the sessions together may take unless the operator says (SESSION_CACHE_MB). */
export const DEFAULT_SESSION_CACHE_BYTES = 32 * 1024 * 1024;

export interface SessionCacheOptions {
  maxAgeMs: number;
  maxEntries: number;
  /** All sessions together never take more (names and emails are the user's to choose). */
  maxBytes?: number;
  /** Tells every other process that a user's sessions changed (sign-out, deletion, profile). */
  broadcast: (userId: string) => Promise<void>;
}

/**
 * Sessions this process verified recently, keyed by the signed session cookie, so a signed-in
 * request needs no database round trip. Anything that ends or changes a user's sessions calls
 * `revokeUser`, which forgets them here and, through `broadcast`, in every other process. While
 * this process cannot hear those broadcasts (`live` false) it serves nothing from memory.
 */
export class SessionCache {
  private readonly sessions: UserChangeCache<SessionUser>;
  private readonly followers: Array<(userId: string | undefined) => Promise<void>> = [];
  private live = false;

  constructor(private readonly options: SessionCacheOptions) {
    this.sessions = new UserChangeCache({
      maxAgeMs: options.maxAgeMs,
      maxEntries: options.maxEntries,
      maxBytes: options.maxBytes ?? DEFAULT_SESSION_CACHE_BYTES,
      sizeOf: (token, user) =>
        stringBytes(token) +
        stringBytes(user.id) +
        stringBytes(user.name) +
        stringBytes(user.email) +
        stringBytes(user.image ?? '') +
        ENTRY_OVERHEAD_BYTES,
    });
  }

  get(token: string, now = Date.now()): SessionUser | undefined {
    return this.sessions.get(token, now);
  }

  /** Call before looking a session up; pass the value to `remember`. */
  generation(): number {
    return this.sessions.generation();
  }

  remember(
    token: string,
    user: SessionUser,
    sessionExpiresAt: Date,
    generation: number,
    now = Date.now(),
  ): void {
    this.sessions.remember(user.id, token, user, generation, {
      now,
      expiresAt: sessionExpiresAt.getTime(),
    });
  }

  /**
   * Also told whenever a user's sessions may have changed in this process (`undefined`: anybody's,
   * as broadcasts may have been missed while this process could not hear them).
   */
  follow(follower: (userId: string | undefined) => Promise<void>): void {
    this.followers.push(follower);
  }

  /** Forgets a user's sessions in this process only (what a broadcast from elsewhere does). */
  forgetUser(userId: string): void {
    void this.forget(userId);
  }

  /**
   * Forgets a user's sessions in every process; resolves once the broadcast is sent and this
   * process's followers are done (its streams of an ended session are closed).
   */
  async revokeUser(userId: string): Promise<void> {
    const here = this.forget(userId);
    await this.options.broadcast(userId);
    await here;
  }

  /** Whether broadcasts reach this process; going deaf forgets everything, as a missed one might matter. */
  setLive(live: boolean): void {
    this.sessions.setLive(live);
    const heardAgain = live && !this.live;
    this.live = live;
    if (heardAgain) void this.tell(undefined);
  }

  private forget(userId: string): Promise<void> {
    this.sessions.forgetUser(userId);
    return this.tell(userId);
  }

  private async tell(userId: string | undefined): Promise<void> {
    await Promise.all(this.followers.map((follower) => follower(userId)));
  }

  /** The bytes the cached sessions take now. */
  get bytes(): number {
    return this.sessions.bytes;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Drops the sessions past their max age that nobody presented again. */
  sweep(now = Date.now()): void {
    this.sessions.sweep(now);
  }

  /** Stops the sweeping timer. */
  close(): void {
    this.sessions.close();
  }
}
