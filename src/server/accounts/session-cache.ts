import type { SessionUser } from './current-user.js';

interface CachedSession {
  user: SessionUser;
  /** When this process must ask the database again (short max age, never past the session). */
  until: number;
}

export interface SessionCacheOptions {
  maxAgeMs: number;
  maxEntries: number;
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
  private readonly entries = new Map<string, CachedSession>();
  /** Goes up with every revocation: a lookup that overlapped one is not remembered. */
  private revocations = 0;
  private live = false;
  private readonly followers: Array<(userId: string | undefined) => Promise<void>> = [];

  constructor(private readonly options: SessionCacheOptions) {}

  get(token: string, now = Date.now()): SessionUser | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  /** Call before looking a session up; pass the value to `remember`. */
  generation(): number {
    return this.revocations;
  }

  remember(
    token: string,
    user: SessionUser,
    sessionExpiresAt: Date,
    generation: number,
    now = Date.now(),
  ): void {
    if (!this.live || generation !== this.revocations) return;
    if (this.entries.size >= this.options.maxEntries) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const until = Math.min(now + this.options.maxAgeMs, sessionExpiresAt.getTime());
    this.entries.set(token, { user, until });
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
    this.revocations += 1;
    this.entries.clear();
    const heardAgain = live && !this.live;
    this.live = live;
    if (heardAgain) void this.tell(undefined);
  }

  private forget(userId: string): Promise<void> {
    this.revocations += 1;
    for (const [token, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(token);
    }
    return this.tell(userId);
  }

  private async tell(userId: string | undefined): Promise<void> {
    await Promise.all(this.followers.map((follower) => follower(userId)));
  }
}
