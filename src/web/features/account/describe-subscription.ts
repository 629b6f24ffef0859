import { formatDate } from '../../../core/format/format-date';
import type { AccountSubscriptionDto } from '../../../core/api/billing';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  incomplete: 'Checkout not completed',
  incomplete_expired: 'Checkout expired',
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  paused: 'Paused',
};

export interface SubscriptionSummary {
  plan: string;
  status: string;
  /** "Renews on ...", "Ends on ...", "Ended on ..." or null. */
  dateLine: string | null;
  canCancel: boolean;
  canResume: boolean;
}

export function describeSubscription({
  plan,
  subscription,
}: AccountSubscriptionDto): SubscriptionSummary {
  const isPro = plan === 'pro';
  const date = subscription?.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  let dateLine: string | null = null;
  if (date && isPro)
    dateLine = subscription?.cancelAtPeriodEnd ? `Ends on ${date}` : `Renews on ${date}`;
  else if (date && subscription?.status === 'canceled') dateLine = `Ended on ${date}`;
  return {
    plan: isPro ? 'Pro' : 'Free',
    status: subscription
      ? (STATUS_LABELS[subscription.status] ?? subscription.status)
      : 'No subscription',
    dateLine,
    canCancel: isPro && subscription?.cancelAtPeriodEnd === false,
    canResume: isPro && subscription?.cancelAtPeriodEnd === true,
  };
}
