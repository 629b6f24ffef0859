import { Link } from 'wouter';
import { PLANS } from '../../../core/plans';
import { Button } from '../../components/ui/button';

interface PaymentSubmitProps {
  ready: boolean;
  processing: boolean;
  error: string | null;
}

/** The button, the provider's error in red, and the renewal and consent notes under every form. */
export function PaymentSubmit({ ready, processing, error }: PaymentSubmitProps) {
  const pro = PLANS.pro;
  return (
    <div className="mt-6 space-y-4">
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={!ready || processing}>
        {processing ? 'Processing...' : `Subscribe for ${pro.price}/${pro.period}`}
      </Button>
      <p className="text-xs text-slate-600">
        Your Pro plan renews automatically each month at {pro.price}. You can cancel anytime from
        your{' '}
        <Link href="/account" className="font-medium text-brand-700 underline">
          account settings
        </Link>
        ; you keep Pro until the end of the period you paid for.
      </p>
      <p className="text-xs text-slate-600">
        By subscribing, you agree to our{' '}
        <Link href="/terms" className="font-medium text-brand-700 underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link href="/privacy" className="font-medium text-brand-700 underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
