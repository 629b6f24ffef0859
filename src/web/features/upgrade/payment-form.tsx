import { Alert } from '../../components/ui/alert';
import type { BillingConfigDto } from '../../../core/api/billing';
import { StripePaymentForm } from './stripe-payment-form';
import { TestPaymentForm } from './test-payment-form';

/** Stripe Elements when the server uses Stripe; the built-in test form in test mode. */
export function PaymentForm({
  config,
  clientSecret,
}: {
  config: BillingConfigDto;
  clientSecret: string;
}) {
  if (config.provider === 'test') return <TestPaymentForm clientSecret={clientSecret} />;
  if (!config.publishableKey)
    return <Alert tone="error">Payments are not configured. Please contact support.</Alert>;
  return <StripePaymentForm publishableKey={config.publishableKey} clientSecret={clientSecret} />;
}
