import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, Link2, Link2Off, Share2, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/api-client';
import { CopyButton } from '../clipboard/copy-button';
import { toast } from '../toasts/toast-store';
import { useTranscription } from '../transcription-data/transcription-queries';
import { useShareLink } from './share-queries';

export const SHARE_WARNING =
  'Anyone with the link can read this transcript and listen to the recording.';

interface Shareable {
  id: string;
  filename: string;
}

const failure = (title: string) => (error: Error) =>
  toast({
    title,
    description:
      (error instanceof HttpError ? error.serverMessage : undefined) ?? 'Please try again later.',
    variant: 'destructive',
  });

function ShareDialogBody({ transcription }: { transcription: Shareable }) {
  const detail = useTranscription(transcription.id);
  const { create, revoke } = useShareLink(transcription.id);
  const [stopped, setStopped] = useState(false);

  if (detail.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="h-6 w-6" label="Loading the sharing state" />
      </div>
    );
  }
  if (detail.isError) {
    return <Alert tone="error">This transcript could not be loaded. Please try again later.</Alert>;
  }
  const share = detail.data.share ?? null;

  if (!share) {
    return (
      <div className="space-y-4">
        {stopped ? (
          <Alert tone="info">Sharing stopped. The old link no longer opens this transcript.</Alert>
        ) : (
          <p className="text-sm text-slate-600">
            Create a link to send to people without an account. You can stop sharing at any time.
          </p>
        )}
        <Button
          disabled={create.isPending || detail.data.status !== 'completed'}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: () => setStopped(false),
              onError: failure('Could not create the link'),
            })
          }
        >
          <Link2 aria-hidden="true" className="h-4 w-4" />
          {create.isPending ? 'Creating link…' : 'Create link'}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div>
        <Label htmlFor="share-link">Public link</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="share-link"
            readOnly
            value={share.url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
          <CopyButton
            text={() => share.url}
            label="Copy link"
            variant="primary"
            className="shrink-0"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a
          href={share.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          Open the shared page
        </a>
        <Button
          variant="outline"
          className="border-red-200 text-red-700 hover:bg-red-50"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(share.token, {
              onSuccess: () => setStopped(true),
              onError: failure('Could not stop sharing'),
            })
          }
        >
          <Link2Off aria-hidden="true" className="h-4 w-4" />
          Stop sharing
        </Button>
      </div>
    </div>
  );
}

interface ShareDialogProps {
  transcription: Shareable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create, copy and revoke the transcript's public read-only link, saying plainly what it exposes. */
export function ShareDialog({ transcription, open, onOpenChange }: ShareDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-8 text-lg font-semibold text-slate-900">
            Share “{transcription.filename}”
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm font-medium text-amber-800">
            {SHARE_WARNING}
          </Dialog.Description>
          <div className="mt-5">
            <ShareDialogBody transcription={transcription} />
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The detail page's Share button and its dialog. */
export function ShareButton({ transcription }: { transcription: Shareable & { status: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="shrink-0 sm:ml-auto"
        disabled={transcription.status !== 'completed'}
        onClick={() => setOpen(true)}
      >
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share
      </Button>
      <ShareDialog transcription={transcription} open={open} onOpenChange={setOpen} />
    </>
  );
}
