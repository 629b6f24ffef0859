/**
 * Retention (docs/decisions/0085): an account may have its recordings, or its whole transcripts,
 * deleted a number of days after upload; the operator's RETENTION_MAX_DAYS caps transcripts.
 */

export const MAX_RETENTION_DAYS = 36_500;

/** The days after upload a transcript is kept: the owner's choice within the cap, null for ever. */
export function transcriptKeptDays(
  ownerDays: number | null,
  maxDays: number | null,
): number | null {
  if (ownerDays === null) return maxDays;
  if (maxDays === null) return ownerDays;
  return Math.min(ownerDays, maxDays);
}

/** When a transcript uploaded at `createdAt` is deleted, or null when it is kept. */
export function transcriptDeletesAt(createdAt: Date, keptDays: number | null): Date | null {
  return keptDays === null ? null : new Date(createdAt.getTime() + keptDays * 24 * 60 * 60 * 1000);
}

/** Whether a choice asks to keep anything longer than the operator's cap allows. */
export function exceedsCap(
  chosen: { audioDays: number | null; transcriptDays: number | null },
  maxDays: number,
): boolean {
  return [chosen.audioDays, chosen.transcriptDays].some((days) => days !== null && days > maxDays);
}
