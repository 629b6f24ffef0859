import { AppError } from '../errors/app-error.js';
import { FREE_TRIALS_BUSY } from './free-trial-jobs.js';

export const FREE_TRIAL_IN_PROGRESS =
  'A free trial from your network is still in progress. Please wait for it to finish, then try again.';

/** A trial takes seconds; the same address may start the next one soon. */
const TRIAL_IN_PROGRESS_RETRY_SECONDS = 10;

/**
 * Anonymous trials in progress in this process, in total and per client address. Each costs
 * ffmpeg and disk until it is answered; the hourly rate limit counts trials started, not how many
 * run together, so six sent at once could hold every core.
 */
export class FreeTrialSlots {
  private total = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: { total: number; perAddress: number }) {}

  /** Takes a slot for `address`, or refuses: 429 for that address, 503 when all are taken. */
  take(address: string): () => void {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.limits.perAddress)
      throw new AppError('rate_limited', FREE_TRIAL_IN_PROGRESS, {
        retryAfterSeconds: TRIAL_IN_PROGRESS_RETRY_SECONDS,
      });
    if (this.total >= this.limits.total) throw new AppError('unavailable', FREE_TRIALS_BUSY);
    this.total += 1;
    this.byAddress.set(address, fromAddress + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
    };
  }
}
