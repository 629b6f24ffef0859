import { AppError } from '../errors/app-error.js';

export const MAX_WRONG_PASSWORDS = 5;
export const WRONG_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

export const tooManyWrongPasswords = (minutes: number) =>
  `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}; your account was not deleted.`;

/**
 * Counts the wrong passwords given to delete each account, so that a session left open cannot be
 * used to guess the password: after `MAX_WRONG_PASSWORDS` in 15 minutes every try is refused until
 * the oldest of them is 15 minutes old. Per process, like the other rate limits: with N API
 * processes a guesser gets at most N times as many tries.
 */
export class WrongPasswordThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Refuses with 429 while the account has had too many wrong passwords lately. */
  check(userId: string): void {
    const recent = this.recent(userId);
    if (recent.length < MAX_WRONG_PASSWORDS) return;
    const retryAfterSeconds = Math.ceil(
      ((recent[0] ?? 0) + WRONG_PASSWORD_WINDOW_MS - this.now()) / 1000,
    );
    throw new AppError('rate_limited', tooManyWrongPasswords(Math.ceil(retryAfterSeconds / 60)), {
      retryAfterSeconds,
    });
  }

  failed(userId: string): void {
    this.failures.set(userId, [...this.recent(userId), this.now()]);
  }

  private recent(userId: string): number[] {
    const since = this.now() - WRONG_PASSWORD_WINDOW_MS;
    const recent = (this.failures.get(userId) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(userId);
    else this.failures.set(userId, recent);
    return recent;
  }
}
