import { CheckCircle2, Clock, Crown } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { PaymentForm } from './payment-form';
import { ProBenefits } from './pro-benefits';
import { StatusPanel } from './status-panel';
import { useCheckout } from './use-checkout';
import { usePaymentReturn } from './use-payment-return';

function Waiting({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner className="h-8 w-8" label={label} />
    </div>
  );
}

function CheckoutContent() {
  const paymentReturn = usePaymentReturn();
  const checkout = useCheckout(paymentReturn === 'none');

  if (paymentReturn === 'checking') return <Waiting label="Confirming your payment..." />;
  if (paymentReturn === 'succeeded') {
    return (
      <StatusPanel
        title="Welcome to Pro!"
        icon={<CheckCircle2 aria-hidden="true" className="h-10 w-10 text-emerald-600" />}
      >
        Your payment went through. Taking you to your dashboard...
      </StatusPanel>
    );
  }
  if (paymentReturn === 'pending') {
    return (
      <StatusPanel
        title="Payment Processing"
        icon={<Clock aria-hidden="true" className="h-10 w-10 text-brand-600" />}
      >
        Your account will be upgraded as soon as the payment completes.
      </StatusPanel>
    );
  }
  switch (checkout.kind) {
    case 'loading':
      return <Waiting label="Preparing secure checkout..." />;
    case 'active':
      return (
        <StatusPanel
          title="Already Subscribed!"
          icon={<Crown aria-hidden="true" className="h-10 w-10 text-brand-600" />}
        >
          You already have an active Pro subscription.
        </StatusPanel>
      );
    case 'not-on-sale':
      return (
        <Alert tone="info" title="Pro is not on sale here">
          This server&apos;s operator has not set up payments, so Pro cannot be bought. Everything
          in the free plan works as usual.
        </Alert>
      );
    case 'error':
      return (
        <div className="space-y-4">
          <Alert tone="error" title="Checkout could not start">
            {checkout.message}
          </Alert>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </div>
      );
    case 'ready':
      return <PaymentForm config={checkout.config} clientSecret={checkout.clientSecret} />;
  }
}

export default function UpgradePage() {
  useDocumentTitle('Upgrade to Pro');
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Upgrade to Pro</h1>
      <p className="mt-2 text-slate-600">
        Full-length transcripts, unlimited transcriptions and 10 GB of storage.
      </p>
      <div className="mt-8 grid items-start gap-8 md:grid-cols-2">
        <ProBenefits />
        <Card>
          <CardHeader>
            <CardTitle>Payment details</CardTitle>
          </CardHeader>
          <CardContent>
            <CheckoutContent />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
