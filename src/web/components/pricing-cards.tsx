import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { PLANS, type Plan } from '../../core/plans';
import { cn } from '../lib/cn';
import { signUpHref } from '../lib/sign-up-href';
import { Badge } from './ui/badge';
import { buttonClasses } from './ui/button';

export interface PricingCardsProps {
  isAuthenticated: boolean;
  isPaid: boolean;
}

type Action =
  | { kind: 'login'; label: string; returnTo?: string }
  | { kind: 'route'; label: string; href: string }
  | { kind: 'current' }
  | { kind: 'none' };

function actionFor(plan: Plan, { isAuthenticated, isPaid }: PricingCardsProps): Action {
  const isCurrent = isAuthenticated && (plan.id === 'pro') === isPaid;
  if (isCurrent) return { kind: 'current' };
  if (!isAuthenticated) {
    return plan.id === 'pro'
      ? { kind: 'login', label: 'Sign up to upgrade', returnTo: '/upgrade' }
      : { kind: 'login', label: 'Sign up for free' };
  }
  // Signed in: a free user may upgrade; a Pro user manages the plan in account settings.
  if (plan.id === 'pro') return { kind: 'route', label: 'Upgrade to Pro', href: '/upgrade' };
  return { kind: 'none' };
}

function PlanAction({ action, highlighted }: { action: Action; highlighted: boolean }) {
  const classes = buttonClasses(highlighted ? 'primary' : 'outline', 'lg', 'w-full');
  switch (action.kind) {
    case 'login':
      return (
        <a href={signUpHref(action.returnTo)} className={classes}>
          {action.label}
        </a>
      );
    case 'route':
      return (
        <Link href={action.href} className={classes}>
          {action.label}
        </Link>
      );
    case 'current':
      return (
        <button type="button" disabled className={buttonClasses('secondary', 'lg', 'w-full')}>
          Current Plan
        </button>
      );
    case 'none':
      return null;
  }
}

/** Free and Pro side by side, built from PLANS; shared by the public pages and the dashboard. */
export function PricingCards(props: PricingCardsProps) {
  const plans = [PLANS.free, PLANS.pro];
  return (
    <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {plans.map((plan) => {
        const highlighted = plan.id === 'pro';
        return (
          <li
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
              highlighted ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-xl font-semibold text-slate-900">{plan.name}</h3>
              {highlighted ? <Badge tone="solid">Recommended</Badge> : null}
            </div>
            <p className="mt-2 text-slate-600">{plan.description}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-slate-900">
                {plan.price}
              </span>
              <span className="text-slate-500">
                {plan.priceCents === 0 ? plan.period : `/${plan.period}`}
              </span>
            </p>
            <ul className="mt-6 flex-1 space-y-3" aria-label={`${plan.name} plan includes`}>
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-slate-700">
                  <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="mt-8 min-h-12">
              <PlanAction action={actionFor(plan, props)} highlighted={highlighted} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export default PricingCards;
