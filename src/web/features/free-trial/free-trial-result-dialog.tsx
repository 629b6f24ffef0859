import { transcriptionEngineText } from '../../../core/engine-text';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { FreeTrialResult } from '../../../core/api/free-trial';
import { Button, LinkButton } from '../../components/ui/button';
import { signUpHref } from '../../lib/sign-up-href';
import { CopyButton } from '../clipboard/copy-button';

interface FreeTrialResultDialogProps {
  result: FreeTrialResult | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onTryAnother: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The free trial's transcript in a modal dialog (focus kept inside, Escape closes). */
export function FreeTrialResultDialog({
  result,
  open,
  onOpenChange,
  onTryAnother,
  onCloseAutoFocus,
}: FreeTrialResultDialogProps) {
  return (
    <Dialog.Root open={open && result !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="pr-8 text-lg font-semibold text-slate-900">
            Your Transcription
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {result?.isTruncated
              ? 'Here are the first 30 seconds of your audio. Whole files are transcribed on the Pro plan.'
              : 'Here is the text of your audio.'}
          </Dialog.Description>
          <div className="mt-4 min-h-0 flex-1 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="whitespace-pre-wrap text-sm leading-relaxed text-slate-800">
              {result?.text || 'No speech was found in this audio.'}
            </p>
          </div>
          {result ? (
            <p className="mt-2 text-xs text-slate-500">
              {transcriptionEngineText(result.engine, result.model)}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onTryAnother}>
              Try Another
            </Button>
            {result?.text ? (
              <CopyButton text={() => result.text} label="Copy text" variant="outline" />
            ) : null}
            {result?.isTruncated ? (
              <LinkButton href={signUpHref('/upgrade')}>Sign up to upgrade</LinkButton>
            ) : null}
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
