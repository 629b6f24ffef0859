import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useBulkRetranscribe } from './bulk-mutations';
import type { LibrarySelection } from './use-library-selection';

/**
 * "Transcribe again" for the selection. The list does not know which transcripts hold
 * corrections, so the dialog always says what happens to them (docs/decisions/0086).
 */
export function BulkRetranscribeButton({
  selection,
  disabled,
}: {
  selection: LibrarySelection;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const rerun = useBulkRetranscribe(() => setConfirming(false));
  const size = selection.selected.size;
  return (
    <>
      <Button
        variant="outline"
        disabled={disabled || rerun.isPending}
        onClick={() => setConfirming(true)}
      >
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Transcribe again
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          size === 1 ? 'Transcribe 1 transcript again?' : `Transcribe ${size} transcripts again?`
        }
        confirmLabel="Transcribe again"
        cancelLabel="Cancel"
        busy={rerun.isPending}
        onConfirm={() => rerun.mutate(selection.ids, { onSettled: () => setConfirming(false) })}
      >
        <p>
          Each is transcribed again from its audio and counts as a transcription this month. Those
          past your plan’s limit are left as they are.
        </p>
        <p>
          Corrections you made are replaced by the new transcript. Each corrected version is kept:
          open its History to bring it back.
        </p>
      </ConfirmDialog>
    </>
  );
}
