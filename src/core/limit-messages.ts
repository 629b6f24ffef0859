import { GIGABYTE, MEGABYTE, type Plan } from './plans.js';

function formatPlanBytes(bytes: number): string {
  return bytes >= GIGABYTE ? `${bytes / GIGABYTE} GB` : `${bytes / MEGABYTE} MB`;
}

/** Said by the server when it refuses an upload, and by the dashboard before anyone picks a file. */
export function monthlyLimitMessage(plan: Plan): string {
  return `Monthly limit reached: the ${plan.name} plan includes ${plan.limits.transcriptionsPerMonth} transcriptions per month. Upgrade to Pro for unlimited transcriptions, or wait until next month.`;
}

/** Said by the server when an upload would not fit, and by the dashboard before it is sent. */
export function storageLimitMessage(plan: Plan): string {
  const upgrade = plan.id === 'free' ? ' or upgrade to Pro for 10 GB' : '';
  return `Storage limit reached: the ${plan.name} plan includes ${formatPlanBytes(plan.limits.storageBytes)} of audio storage. Delete old transcriptions${upgrade} to make room.`;
}
