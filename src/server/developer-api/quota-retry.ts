/**
 * Seconds until the monthly quota starts again (the first of next month, UTC). A full storage
 * quota frees up when the user deletes transcripts, so the same date is the honest upper bound.
 */
export function quotaRetryAfterSeconds(now: Date): number {
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((nextMonth - now.getTime()) / 1000));
}
