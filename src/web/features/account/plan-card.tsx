import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/api-client';
import { CURRENT_USER_KEY } from '../auth/use-auth';
import { toast } from '../toasts/toast-store';
import type { AccountSubscriptionDto } from '../../../core/api/billing';
import { ACCOUNT_SUBSCRIPTION_KEY, changeRenewal } from './account-api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { describeSubscription } from './describe-subscription';

const messageOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? 'Please try again later.';

/** Plan, status and renewal or end date; cancel at period end, or resume before it ends. */
export function PlanCard() {
  const queryClient = useQueryClient();
  const subscription = useQuery<AccountSubscriptionDto>({
    queryKey: ACCOUNT_SUBSCRIPTION_KEY,
    staleTime: 0,
  });
  const [confirming, setConfirming] = useState(false);
  const renewal = useMutation({
    mutationFn: changeRenewal,
    onSuccess: (updated, action) => {
      queryClient.setQueryData(ACCOUNT_SUBSCRIPTION_KEY, updated);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      setConfirming(false);
      const summary = describeSubscription(updated);
      toast(
        action === 'cancel'
          ? {
              title: 'Subscription cancelled',
              description:
                `You keep Pro until the end of this period. ${summary.dateLine ?? ''}`.trim(),
            }
          : { title: 'Subscription resumed', description: 'Your Pro plan will renew as usual.' },
      );
    },
    onError: (error) =>
      toast({
        title: 'Subscription not changed',
        description: messageOf(error),
        variant: 'destructive',
      }),
  });

  return (
    <Card role="region" aria-labelledby="plan-card-title">
      <CardHeader>
        <CardTitle id="plan-card-title">Plan</CardTitle>
      </CardHeader>
      <CardContent>
        {subscription.isPending ? (
          <Spinner label="Loading your plan" />
        ) : subscription.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Your plan could not be loaded. Please try again later.
          </p>
        ) : (
          <PlanDetails
            subscription={subscription.data}
            busy={renewal.isPending}
            onCancel={() => setConfirming(true)}
            onResume={() => renewal.mutate('resume')}
          />
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Cancel your subscription?"
          confirmLabel="Cancel subscription"
          busy={renewal.isPending}
          onConfirm={() => renewal.mutate('cancel')}
        >
          <p>
            Your Pro plan stays active until the end of the period you paid for; it will not renew
            after that.
          </p>
          <p>You can resume it any time before then.</p>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}

interface PlanDetailsProps {
  subscription: AccountSubscriptionDto;
  busy: boolean;
  onCancel: () => void;
  onResume: () => void;
}

function PlanDetails({ subscription, busy, onCancel, onResume }: PlanDetailsProps) {
  const summary = describeSubscription(subscription);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-500">Plan</dt>
        <dd className="font-medium text-slate-900" data-testid="account-plan">
          {summary.plan}
        </dd>
        <dt className="text-slate-500">Status</dt>
        <dd className="text-slate-900" data-testid="account-status">
          {summary.status}
        </dd>
        {summary.dateLine ? (
          <>
            <dt className="text-slate-500">{summary.canResume ? 'Ends' : 'Renewal'}</dt>
            <dd className="text-slate-900" data-testid="account-date">
              {summary.dateLine}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {summary.canCancel ? (
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            Cancel subscription
          </Button>
        ) : null}
        {summary.canResume ? (
          <Button disabled={busy} onClick={onResume}>
            {busy ? 'Working...' : 'Resume subscription'}
          </Button>
        ) : null}
        {summary.plan === 'Free' ? (
          <Link href="/upgrade" className={buttonClasses('primary')}>
            Upgrade to Pro
          </Link>
        ) : null}
      </div>
    </div>
  );
}
