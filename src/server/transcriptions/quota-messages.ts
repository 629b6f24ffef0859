import type { Plan } from '../../core/plans.js';
import { formatPlanBytes } from './format-plan-bytes.js';

export function monthlyLimitMessage(plan: Plan): string {
  return `Monthly limit reached: the ${plan.name} plan includes ${plan.limits.transcriptionsPerMonth} transcriptions per month. Upgrade to Pro for unlimited transcriptions, or wait until next month.`;
}

export function storageLimitMessage(plan: Plan): string {
  const upgrade = plan.id === 'free' ? ' or upgrade to Pro for 10 GB' : '';
  return `Storage limit reached: the ${plan.name} plan includes ${formatPlanBytes(plan.limits.storageBytes)} of audio storage. Delete old transcriptions${upgrade} to make room.`;
}
