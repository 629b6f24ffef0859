import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { resetPassword } from './password-reset-requests';

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;

function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD)
    return `Password must be at least ${MIN_PASSWORD} characters.`;
  if (password.length > MAX_PASSWORD) return `Password must be at most ${MAX_PASSWORD} characters.`;
  return undefined;
}

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(
    token ? null : 'This reset link is incomplete. Please ask for a new one.',
  );
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(password);
    setPasswordError(problem);
    setFormError(null);
    if (problem) return;
    setSubmitting(true);
    const error = await resetPassword(token, password);
    setSubmitting(false);
    if (error) setFormError(error);
    else setDone(true);
  }

  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
          <CardDescription>Other devices signed in to your account are signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          {done ? (
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
              Your password has been changed.{' '}
              <a className="font-medium underline" href="/api/login">
                Sign in with it
              </a>
            </p>
          ) : (
            <form noValidate onSubmit={onSubmit} className="space-y-4">
              <div>
                <Label htmlFor="new-password">New password</Label>
                <Input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? 'password-error' : 'password-hint'}
                />
                {passwordError ? null : (
                  <p id="password-hint" className="mt-1 text-xs text-slate-500">
                    8 to 128 characters.
                  </p>
                )}
                <FieldError id="password-error" message={passwordError} />
              </div>
              {formError ? (
                <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
                  {formError}{' '}
                  <a className="font-medium underline" href="/forgot-password">
                    Ask for a new link
                  </a>
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={submitting || !token}>
                {submitting ? 'Please wait...' : 'Set new password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
