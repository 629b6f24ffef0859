import type { Plan } from '../../core/plans.js';
import { formatPlanBytes } from './format-plan-bytes.js';

export { monthlyLimitMessage } from '../../core/limit-messages.js';

export function storageLimitMessage(plan: Plan): string {
  const upgrade = plan.id === 'free' ? ' or upgrade to Pro for 10 GB' : '';
  return `Storage limit reached: the ${plan.name} plan includes ${formatPlanBytes(plan.limits.storageBytes)} of audio storage. Delete old transcriptions${upgrade} to make room.`;
}
