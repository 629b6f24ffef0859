export interface PaidState {
  isPaid: boolean;
  /** When a paid state ends by itself (the period's end); null while it has no end. */
  paidUntil: Date | null;
}

interface CachedPaidState {
  isPaid: boolean;
  /** When this process must ask the database again. */
  until: number;
}

/** What billing tells whenever it stores a subscription: that user's plan may have changed. */
export interface PaidStateChanges {
  /** Forgets the user's paid state here and in every other process; resolves once sent. */
  changed(userId: string): Promise<void>;
}

export interface PaidStateCacheOptions {
  maxAgeMs: number;
  maxEntries: number;
  /** Tells every other process that a user's subscriptions changed. */
  broadcast: (userId: string) => Promise<void>;
}

/**
 * Each user's plan as this process last read it, so a signed-in read needs no subscription
 * query. Billing calls `changed` after storing a subscription; a paid state is never kept past
 * its period's end. While broadcasts cannot reach this process (`live` false) nothing is served.
 */
export class PaidStateCache implements PaidStateChanges {
  private readonly entries = new Map<string, CachedPaidState>();
  /** Goes up with every change: a read that overlapped one is not remembered. */
  private changes = 0;
  private live = false;

  constructor(private readonly options: PaidStateCacheOptions) {}

  get(userId: string, now = Date.now()): boolean | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.isPaid;
  }

  /** Call before reading the database; pass the value to `remember`. */
  generation(): number {
    return this.changes;
  }

  remember(userId: string, state: PaidState, generation: number, now = Date.now()): void {
    if (!this.live || generation !== this.changes) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const fresh = now + this.options.maxAgeMs;
    const until =
      state.isPaid && state.paidUntil !== null ? Math.min(fresh, state.paidUntil.getTime()) : fresh;
    this.entries.set(userId, { isPaid: state.isPaid, until });
  }

  /** Forgets one user's paid state in this process only (what a broadcast from elsewhere does). */
  forgetUser(userId: string): void {
    this.changes += 1;
    this.entries.delete(userId);
  }

  async changed(userId: string): Promise<void> {
    this.forgetUser(userId);
    await this.options.broadcast(userId);
  }

  /** Whether broadcasts reach this process; going deaf forgets everything. */
  setLive(live: boolean): void {
    this.changes += 1;
    this.entries.clear();
    this.live = live;
  }
}
