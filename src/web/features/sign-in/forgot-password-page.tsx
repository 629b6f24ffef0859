import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { RESET_PASSWORD_COMMAND } from '../../../core/password-reset';
import { Spinner } from '../../components/ui/spinner';
import { useServerSendsEmail } from '../../lib/use-server-sends-email';
import { requestPasswordReset } from './password-reset-requests';

/** Said before any form when the server has no SMTP: a link could never arrive. */
function AskTheOperator() {
  return (
    <div role="status" className="space-y-3 rounded-md bg-amber-50 p-4 text-sm text-amber-900">
      <p>This server cannot send email, so it cannot send you a reset link.</p>
      <p>
        Ask the operator, who can set a new password with{' '}
        <code className="rounded bg-white px-1 py-0.5 font-mono text-xs">
          {RESET_PASSWORD_COMMAND}
        </code>
        .
      </p>
    </div>
  );
}

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const sendsEmail = useServerSendsEmail();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setEmailError('Please enter a valid email address.');
      return;
    }
    setEmailError(undefined);
    setSubmitting(true);
    const error = await requestPasswordReset(email.trim());
    setSubmitting(false);
    if (error) setFormError(error);
    else setSent(true);
  }

  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
          {sendsEmail ? (
            <CardDescription>We will email you a link to choose a new one.</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {sendsEmail === undefined ? (
            <Spinner className="h-5 w-5" />
          ) : !sendsEmail ? (
            <AskTheOperator />
          ) : sent ? (
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
              If an account uses this address, a reset link is on its way. It works once and expires
              in one hour.
            </p>
          ) : (
            <form noValidate onSubmit={onSubmit} className="space-y-4">
              <div>
                <Label htmlFor="email">Email</Label>
                <Input
                  id="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? 'email-error' : undefined}
                />
                <FieldError id="email-error" message={emailError} />
              </div>
              {formError ? (
                <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
                  {formError}
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={submitting}>
                {submitting ? 'Please wait...' : 'Send reset link'}
              </Button>
            </form>
          )}
          <p className="mt-6 text-center text-sm text-slate-600">
            <a className="font-medium text-brand-700 hover:underline" href="/api/login">
              Back to sign in
            </a>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
