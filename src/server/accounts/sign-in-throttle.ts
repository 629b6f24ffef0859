/** Failed sign-ins an address may make on one account before it must wait. */
export const FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60_000;
/** Failures forgotten after this long without another. */
const FORGET_AFTER_MS = 60 * 60_000;
/** Failures on one account, from all addresses, past which every attempt on it is slowed. */
const SLOW_DOWN_AFTER_FAILURES = 20;
const SLOW_DOWN_MS = 1_000;

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

export interface SignInThrottle {
  /** Milliseconds this address must still wait before trying this account again (0: go ahead). */
  waitFor(email: string, address: string, now?: number): number;
  /** A delay for every attempt on an account under a spread-out attack; it never refuses. */
  slowDownFor(email: string, now?: number): number;
  recordFailure(email: string, address: string, now?: number): void;
  recordSuccess(email: string, address: string): void;
  /** A new account for this address: failures before it were on an account that did not exist. */
  forgetAccount(email: string): void;
}

/**
 * A per-account sign-in limit that cannot lock the owner out: the wait is per account AND
 * address, so someone guessing from one network is stopped there while the owner, elsewhere,
 * signs in as usual; failures from everywhere together only slow attempts down. Kept in memory:
 * each API process counts its own (better-auth's per-address limit is in the database).
 */
export function createSignInThrottle(): SignInThrottle {
  const byAccountAndAddress = new Map<string, Failures>();
  const byAccount = new Map<string, Failures>();
  const keyOf = (email: string, address: string) => `${email.toLowerCase()}\n${address}`;

  function current(map: Map<string, Failures>, key: string, now: number): Failures | undefined {
    const entry = map.get(key);
    if (entry && now - entry.lastAt > FORGET_AFTER_MS && now >= entry.blockedUntil) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  function bump(map: Map<string, Failures>, key: string, now: number): Failures {
    const entry = current(map, key, now) ?? { count: 0, lastAt: now, blockedUntil: 0 };
    entry.count += 1;
    entry.lastAt = now;
    map.set(key, entry);
    return entry;
  }

  return {
    waitFor(email, address, now = Date.now()) {
      const entry = current(byAccountAndAddress, keyOf(email, address), now);
      return entry ? Math.max(0, entry.blockedUntil - now) : 0;
    },
    slowDownFor(email, now = Date.now()) {
      const entry = current(byAccount, email.toLowerCase(), now);
      return entry && entry.count > SLOW_DOWN_AFTER_FAILURES ? SLOW_DOWN_MS : 0;
    },
    recordFailure(email, address, now = Date.now()) {
      bump(byAccount, email.toLowerCase(), now);
      const entry = bump(byAccountAndAddress, keyOf(email, address), now);
      const over = entry.count - FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS;
      if (over >= 0) {
        entry.blockedUntil = now + Math.min(FIRST_WAIT_MS * 2 ** over, LONGEST_WAIT_MS);
      }
    },
    recordSuccess(email, address) {
      byAccountAndAddress.delete(keyOf(email, address));
    },
    forgetAccount(email) {
      const account = email.toLowerCase();
      byAccount.delete(account);
      for (const key of byAccountAndAddress.keys()) {
        if (key.startsWith(`${account}\n`)) byAccountAndAddress.delete(key);
      }
    },
  };
}
