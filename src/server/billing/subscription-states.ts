import { ENTITLED_STATUSES } from './is-user-paid.js';

/** Statuses in which a subscription still waits for, or owes, a payment the user can make. */
export const PAYABLE_STATUSES = ['incomplete', 'past_due', 'unpaid'] as const;

/** Statuses that have ended for good: a new checkout starts a new subscription. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

export function isEntitled(
  subscription: { status: string; currentPeriodEnd: Date | null },
  now: Date = new Date(),
): boolean {
  return (
    (ENTITLED_STATUSES as readonly string[]).includes(subscription.status) &&
    (subscription.currentPeriodEnd === null || subscription.currentPeriodEnd > now)
  );
}

export function isPayable(status: string): boolean {
  return (PAYABLE_STATUSES as readonly string[]).includes(status);
}

export function hasEnded(status: string): boolean {
  return (ENDED_STATUSES as readonly string[]).includes(status);
}
