import { useState, type ChangeEvent } from 'react';
import { Input, Label } from '../../components/ui/input';
import { currentPageUrl, returnUrlFor } from './payment-intents';
import { PaymentSubmit } from './payment-submit';
import { confirmTestPayment, type TestCard } from './test-mode-api';
import { usePaymentSubmit } from './use-payment-submit';

/**
 * Test mode's card form: it answers like Stripe's test cards and, once paid, sends the browser
 * back to this page with payment_intent_client_secret, as Stripe does. No money moves.
 */
export function TestPaymentForm({ clientSecret }: { clientSecret: string }) {
  const [card, setCard] = useState<TestCard>({ number: '', expiry: '', cvc: '' });
  const edit = (field: keyof TestCard) => (event: ChangeEvent<HTMLInputElement>) =>
    setCard((current) => ({ ...current, [field]: event.target.value }));

  const { processing, error, submit } = usePaymentSubmit(async () => {
    const result = await confirmTestPayment(clientSecret, card);
    if ('error' in result) return { error: result.error };
    window.location.assign(returnUrlFor(currentPageUrl(), result.paymentIntent, clientSecret));
    return {};
  });

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Payment">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
          Test mode - no real charge
        </span>
        <span className="text-xs text-slate-600">
          Use 4242 4242 4242 4242, any future date and any CVC.
        </span>
      </div>
      <div className="space-y-4">
        <div>
          <Label htmlFor="test-card-number">Card number</Label>
          <Input
            id="test-card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.number}
            onChange={edit('number')}
          />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <div>
            <Label htmlFor="test-card-expiry">Expiration date</Label>
            <Input
              id="test-card-expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={card.expiry}
              onChange={edit('expiry')}
            />
          </div>
          <div>
            <Label htmlFor="test-card-cvc">Security code</Label>
            <Input
              id="test-card-cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              value={card.cvc}
              onChange={edit('cvc')}
            />
          </div>
        </div>
      </div>
      <PaymentSubmit ready processing={processing} error={error} />
    </form>
  );
}
