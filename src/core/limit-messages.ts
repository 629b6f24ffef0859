import type { Plan } from './plans.js';

/** Said by the server when it refuses an upload, and by the dashboard before anyone picks a file. */
export function monthlyLimitMessage(plan: Plan): string {
  return `Monthly limit reached: the ${plan.name} plan includes ${plan.limits.transcriptionsPerMonth} transcriptions per month. Upgrade to Pro for unlimited transcriptions, or wait until next month.`;
}
