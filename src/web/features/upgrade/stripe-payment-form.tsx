import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../toasts/toast-store';
import { paymentErrorToast } from './payment-messages';
import { currentPageUrl } from './payment-intents';
import { PaymentSubmit } from './payment-submit';
import { loadStripeJs, type StripeElements, type StripeJs } from './stripe-js';
import { usePaymentSubmit } from './use-payment-submit';

interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
}

/** Stripe's Payment Element; Stripe sends the browser back to this page after confirming. */
export function StripePaymentForm({ publishableKey, clientSecret }: StripePaymentFormProps) {
  const container = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let active = true;
    let destroy: (() => void) | undefined;
    loadStripeJs(publishableKey)
      .then((js) => {
        if (!active || !container.current) return;
        const elements = js.elements({ clientSecret, appearance: { theme: 'stripe' } });
        const element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => setReady(true));
        element.mount(container.current);
        destroy = () => element.destroy();
        setStripe({ js, elements });
      })
      .catch((error: unknown) =>
        toast(paymentErrorToast(error instanceof Error ? error.message : undefined)),
      );
    return () => {
      active = false;
      destroy?.();
    };
  }, [publishableKey, clientSecret]);

  const { processing, error, submit } = usePaymentSubmit(async () => {
    if (!stripe) return { error: { message: 'The payment form is not ready yet.' } };
    return stripe.js.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: currentPageUrl() },
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Payment">
      {ready ? null : <Spinner label="Loading the payment form" />}
      <div ref={container} />
      <PaymentSubmit ready={ready && stripe !== null} processing={processing} error={error} />
    </form>
  );
}
