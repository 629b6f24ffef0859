import { useState, type ChangeEvent } from 'react';
import { Input, Label } from '../../components/ui/input';
import { currentPageUrl, returnUrlFor } from './payment-intents';
import { PaymentSubmit } from './payment-submit';
import type { TestCard } from '../../../core/api/billing-test-mode';
import { confirmTestPayment } from './test-mode-api';
import { usePaymentSubmit } from './use-payment-submit';

interface CardFieldProps {
  field: keyof TestCard;
  label: string;
  autoComplete: string;
  placeholder: string;
  card: TestCard;
  onEdit: (field: keyof TestCard) => (event: ChangeEvent<HTMLInputElement>) => void;
}

function CardField({ field, label, autoComplete, placeholder, card, onEdit }: CardFieldProps) {
  const id = `test-card-${field}`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={card[field]}
        onChange={onEdit(field)}
      />
    </div>
  );
}

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
        <CardField
          field="number"
          label="Card number"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          card={card}
          onEdit={edit}
        />
        <div className="grid grid-cols-2 gap-4">
          <CardField
            field="expiry"
            label="Expiration date"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            card={card}
            onEdit={edit}
          />
          <CardField
            field="cvc"
            label="Security code"
            autoComplete="cc-csc"
            placeholder="CVC"
            card={card}
            onEdit={edit}
          />
        </div>
      </div>
      <PaymentSubmit ready processing={processing} error={error} />
    </form>
  );
}
