import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { HttpError } from '../../lib/api-client';
import { deleteAccount } from './account-api';

/** Where the settings offer "Download all my data" (built beside this card). */
const EXPORT_DATA_HREF = '/account#export-data';
const SIGN_IN_AGAIN_HREF = `/api/login?returnTo=${encodeURIComponent('/account')}`;

/**
 * Deleting the account: the data export offered first, what goes when said plainly, and the
 * password asked (the server checks it; single sign-on accounts need a recent sign-in instead).
 */
export function DeleteAccountCard() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const passwordId = useId();
  const errorId = useId();
  const deletion = useMutation({
    mutationFn: () => deleteAccount(password),
    onSuccess: () => window.location.assign('/'),
  });
  const refusal = deletion.isError
    ? ((deletion.error instanceof HttpError ? deletion.error.serverMessage : undefined) ??
      'Your account was not deleted. Please try again later.')
    : null;
  const needsSignIn = refusal?.includes('sign in again') ?? false;

  const open = (isOpen: boolean) => {
    setConfirming(isOpen);
    if (!isOpen) {
      setPassword('');
      deletion.reset();
    }
  };

  return (
    <Card role="region" aria-labelledby="delete-account-title" className="border-red-200">
      <CardHeader>
        <CardTitle id="delete-account-title">Delete account</CardTitle>
        <CardDescription>
          Your audio, transcripts, their history, remembered voices, vocabulary and API keys are
          deleted at once, you are signed out everywhere and any subscription is cancelled. Your
          name and email address are removed at once; the billing records the law requires are
          anonymised within 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-600">
          Want a copy first?{' '}
          <a href={EXPORT_DATA_HREF} className="font-semibold text-slate-900 underline">
            Download all my data
          </a>{' '}
          before you delete the account.
        </p>
        <Button variant="destructive" onClick={() => open(true)}>
          Delete account
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={open}
          title="Delete your account?"
          confirmLabel="Delete my account"
          busy={deletion.isPending || deletion.isSuccess}
          onConfirm={() => deletion.mutate()}
        >
          <p>
            This cannot be undone. All your audio files and transcripts will be deleted now.{' '}
            <a href={EXPORT_DATA_HREF} className="font-semibold underline">
              Download all my data
            </a>{' '}
            first if you want to keep a copy.
          </p>
          <label htmlFor={passwordId} className="block pt-2 font-medium text-slate-800">
            Your password
          </label>
          <Input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            aria-describedby={refusal ? errorId : undefined}
            aria-invalid={refusal ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !deletion.isPending) deletion.mutate();
            }}
          />
          <p className="text-xs text-slate-500">
            Signed in with single sign-on and no password here? Leave it empty: a sign-in from the
            last 10 minutes confirms it is you.
          </p>
          {refusal ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
              {refusal}{' '}
              {needsSignIn ? (
                <a href={SIGN_IN_AGAIN_HREF} className="underline">
                  Sign in again
                </a>
              ) : null}
            </p>
          ) : null}
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
