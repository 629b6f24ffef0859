import { ExpiringEntries, sweepEvery } from '../expiring-entries.js';

export interface PaidState {
  isPaid: boolean;
  /** When a paid state ends by itself (the period's end); null while it has no end. */
  paidUntil: Date | null;
}

/** A server-made user id and a boolean, with the entry's overhead: every entry is this size. */
const PAID_STATE_ENTRY_BYTES = 300;

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
  /** Each user's plan, until this process must ask the database again. */
  private readonly entries: ExpiringEntries<string, boolean>;
  /** Goes up with every change: a read that overlapped one is not remembered. */
  private changes = 0;
  private live = false;
  private readonly stopSweeping: () => void;

  constructor(private readonly options: PaidStateCacheOptions) {
    this.entries = new ExpiringEntries({
      maxBytes: options.maxEntries * PAID_STATE_ENTRY_BYTES,
      sizeOf: () => PAID_STATE_ENTRY_BYTES,
    });
    this.stopSweeping = sweepEvery(options.maxAgeMs, () => this.sweep());
  }

  get size(): number {
    return this.entries.size;
  }

  get(userId: string, now = Date.now()): boolean | undefined {
    return this.live ? this.entries.get(userId, now) : undefined;
  }

  /** Call before reading the database; pass the value to `remember`. */
  generation(): number {
    return this.changes;
  }

  remember(userId: string, state: PaidState, generation: number, now = Date.now()): void {
    if (!this.live || generation !== this.changes) return;
    const fresh = now + this.options.maxAgeMs;
    const until =
      state.isPaid && state.paidUntil !== null ? Math.min(fresh, state.paidUntil.getTime()) : fresh;
    this.entries.set(userId, state.isPaid, until);
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

  /** Drops the plans past their max age that nobody asked for again. */
  sweep(now = Date.now()): void {
    this.entries.sweep(now);
  }

  /** Stops the sweeping timer. */
  close(): void {
    this.stopSweeping();
  }
}
