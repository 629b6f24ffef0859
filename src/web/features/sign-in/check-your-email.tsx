import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';

/**
 * After sign-up on a server that sends email. It reads the same whether the address was new or
 * already had an account: the email itself says which.
 */
export function CheckYourEmail({ address }: { address: string }) {
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-900">Check your email</h1>
          <CardDescription>One more step to your account.</CardDescription>
        </CardHeader>
        <CardContent>
          <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
            We sent a message to <strong>{address}</strong>. Open the link in it to confirm your
            address and sign in. The link works for 24 hours.
          </p>
          <p className="mt-4 text-sm text-slate-600">
            Nothing arrived? Look in your spam folder, or{' '}
            <a
              href="/api/login"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              sign in
            </a>{' '}
            to be sent a new link.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
