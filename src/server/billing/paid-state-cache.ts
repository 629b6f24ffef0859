import { UserChangeCache } from '../db/user-change-cache.js';

export interface PaidState {
  isPaid: boolean;
  /** When a paid state ends by itself (the period's end); null while it has no end. */
  paidUntil: Date | null;
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
  private readonly paidStates: UserChangeCache<boolean>;

  constructor(private readonly options: PaidStateCacheOptions) {
    this.paidStates = new UserChangeCache({
      maxAgeMs: options.maxAgeMs,
      maxEntries: options.maxEntries,
    });
  }

  get(userId: string, now = Date.now()): boolean | undefined {
    return this.paidStates.get(userId, now);
  }

  /** Call before reading the database; pass the value to `remember`. */
  generation(): number {
    return this.paidStates.generation();
  }

  remember(userId: string, state: PaidState, generation: number, now = Date.now()): void {
    const expiresAt = state.isPaid ? (state.paidUntil?.getTime() ?? Infinity) : Infinity;
    this.paidStates.remember(userId, userId, state.isPaid, generation, { now, expiresAt });
  }

  /** Forgets one user's paid state in this process only (what a broadcast from elsewhere does). */
  forgetUser(userId: string): void {
    this.paidStates.forgetUser(userId);
  }

  async changed(userId: string): Promise<void> {
    this.forgetUser(userId);
    await this.options.broadcast(userId);
  }

  /** Whether broadcasts reach this process; going deaf forgets everything. */
  setLive(live: boolean): void {
    this.paidStates.setLive(live);
  }

  get size(): number {
    return this.paidStates.size;
  }

  /** Drops the plans past their max age that nobody asked for again. */
  sweep(now = Date.now()): void {
    this.paidStates.sweep(now);
  }

  /** Stops the sweeping timer. */
  close(): void {
    this.paidStates.close();
  }
}
