import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { HttpError } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';
import { deleteAccount } from './account-api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** Deleting the account: confirmed first; afterwards the browser starts over signed out. */
export function DeleteAccountCard() {
  const [confirming, setConfirming] = useState(false);
  const deletion = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => window.location.assign('/'),
    onError: (error) =>
      toast({
        title: 'Account not deleted',
        description:
          (error instanceof HttpError ? error.serverMessage : undefined) ??
          'Please try again later.',
        variant: 'destructive',
      }),
  });

  return (
    <Card role="region" aria-labelledby="delete-account-title" className="border-red-200">
      <CardHeader>
        <CardTitle id="delete-account-title">Delete account</CardTitle>
        <CardDescription>
          Your audio and transcripts are deleted at once, you are signed out everywhere and any
          subscription is cancelled. What remains is deleted or anonymised within 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          Delete account
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete your account?"
          confirmLabel="Delete my account"
          busy={deletion.isPending || deletion.isSuccess}
          onConfirm={() => deletion.mutate()}
        >
          <p>This cannot be undone. All your audio files and transcripts will be deleted now.</p>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
