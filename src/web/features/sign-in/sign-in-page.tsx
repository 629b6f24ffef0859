import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '../../../core/product';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { CheckYourEmail } from './check-your-email';
import { rememberNewAccount } from './new-account';
import { submitSignIn, type SignInMode } from './sign-in-request';
import { userNameProblem } from '../../../core/user-name';

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;

function returnToFromLocation(): string {
  const value = new URLSearchParams(window.location.search).get('returnTo');
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : '/';
}

interface FieldErrors {
  name?: string;
  email?: string;
  password?: string;
}

function validate(mode: SignInMode, name: string, email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  const nameProblem = mode === 'sign-up' ? userNameProblem(name) : undefined;
  if (nameProblem) errors.name = nameProblem;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.email = 'Please enter a valid email address.';
  if (password.length < MIN_PASSWORD)
    errors.password = `Password must be at least ${MIN_PASSWORD} characters.`;
  if (password.length > MAX_PASSWORD)
    errors.password = `Password must be at most ${MAX_PASSWORD} characters.`;
  return errors;
}

export default function SignInPage() {
  const [mode, setMode] = useState<SignInMode>(() =>
    new URLSearchParams(window.location.search).get('mode') === 'sign-up' ? 'sign-up' : 'sign-in',
  );
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isSignUp = mode === 'sign-up';
  useDocumentTitle(sentTo ? 'Check your email' : isSignUp ? 'Create your account' : 'Sign in');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validate(mode, name, email, password);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    const outcome = await submitSignIn({
      mode,
      name: name.trim(),
      email: email.trim(),
      password,
      returnTo: returnToFromLocation(),
    });
    if (outcome.kind === 'error') {
      setFormError(outcome.message);
      setSubmitting(false);
      return;
    }
    if (outcome.kind === 'check-email') {
      setSentTo(email.trim());
      return;
    }
    if (mode === 'sign-up') rememberNewAccount();
    window.location.assign(returnToFromLocation());
  }

  function switchMode(next: SignInMode) {
    setMode(next);
    setFieldErrors({});
    setFormError(null);
  }

  if (sentTo) return <CheckYourEmail address={sentTo} />;

  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-900">
            {isSignUp ? `Create your ${PRODUCT_NAME} account` : `Sign in to ${PRODUCT_NAME}`}
          </h1>
          <CardDescription>
            {isSignUp ? 'Free plan, no credit card required.' : 'Welcome back.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            {isSignUp ? (
              <div>
                <Label htmlFor="name">Name</Label>
                <Input
                  id="name"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  aria-invalid={fieldErrors.name ? true : undefined}
                  aria-describedby={fieldErrors.name ? 'name-error' : undefined}
                />
                <FieldError id="name-error" message={fieldErrors.name} />
              </div>
            ) : null}
            <div>
              <Label htmlFor="email">Email</Label>
              <Input
                id="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={fieldErrors.email ? true : undefined}
                aria-describedby={fieldErrors.email ? 'email-error' : undefined}
              />
              <FieldError id="email-error" message={fieldErrors.email} />
            </div>
            <div>
              <div className="flex items-baseline justify-between">
                <Label htmlFor="password">Password</Label>
                {isSignUp ? null : (
                  <a
                    href="/forgot-password"
                    className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    Forgot password?
                  </a>
                )}
              </div>
              <Input
                id="password"
                type="password"
                autoComplete={isSignUp ? 'new-password' : 'current-password'}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={fieldErrors.password ? 'password-error' : 'password-hint'}
              />
              {isSignUp && !fieldErrors.password ? (
                <p id="password-hint" className="mt-1 text-xs text-slate-500">
                  8 to 128 characters.
                </p>
              ) : null}
              <FieldError id="password-error" message={fieldErrors.password} />
            </div>
            {formError ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
                {formError}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? 'Please wait...' : isSignUp ? 'Create account' : 'Sign in'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600">
            {isSignUp ? 'Already have an account?' : 'New to ' + PRODUCT_NAME + '?'}{' '}
            <button
              type="button"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => switchMode(isSignUp ? 'sign-in' : 'sign-up')}
            >
              {isSignUp ? 'Sign in' : 'Create an account'}
            </button>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
