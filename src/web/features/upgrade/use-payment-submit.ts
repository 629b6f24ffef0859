import { useState, type FormEvent } from 'react';
import { toast } from '../toasts/toast-store';
import { DEFAULT_INLINE_ERROR, paymentErrorToast, paymentFailedToast } from './payment-messages';

export interface ConfirmOutcome {
  /** The provider refused (declined card, invalid details): its message is shown. */
  error?: { message?: string };
}

/**
 * Submitting a payment form: 'Processing...' while the provider confirms. A refusal shows the
 * provider's message inline and in a toast; a success leaves the page for the return address,
 * so the button stays disabled until the browser has gone.
 */
export function usePaymentSubmit(confirm: () => Promise<ConfirmOutcome>) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    setProcessing(true);
    setError(null);
    try {
      const outcome = await confirm();
      if (outcome.error) {
        setError(outcome.error.message || DEFAULT_INLINE_ERROR);
        toast(paymentFailedToast(outcome.error.message));
        setProcessing(false);
      }
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : undefined;
      setError(message || DEFAULT_INLINE_ERROR);
      toast(paymentErrorToast(message));
      setProcessing(false);
    }
  }

  return { processing, error, submit };
}
