import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useBulkRetranscribe } from './bulk-mutations';
import type { LibrarySelection } from './use-library-selection';

/**
 * "Transcribe again" for the selection. Like the single button it asks first only when
 * corrections would be replaced, and says how many of the chosen hold them
 * (docs/decisions/0091).
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
  const edited = [...selection.selected.values()].filter((item) => item.isEdited).length;
  const run = () => rerun.mutate(selection.ids, { onSettled: () => setConfirming(false) });
  return (
    <>
      <Button
        variant="outline"
        disabled={disabled || rerun.isPending}
        onClick={() => (edited > 0 ? setConfirming(true) : run())}
      >
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Transcribe again
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          edited === 1
            ? 'Replace the corrections in 1 transcript?'
            : `Replace the corrections in ${edited} transcripts?`
        }
        confirmLabel={size === 1 ? 'Transcribe again' : `Transcribe ${size} again`}
        cancelLabel="Keep the corrections"
        busy={rerun.isPending}
        onConfirm={run}
      >
        <p>
          {edited === size
            ? size === 1
              ? 'It holds corrections.'
              : `All ${size} hold corrections.`
            : `${edited} of the ${size} selected ${edited === 1 ? 'holds' : 'hold'} corrections.`}{' '}
          Transcribing again replaces them with a new transcript from the audio. Each corrected
          version is kept: open its History to bring it back.
        </p>
        <p>
          Each run counts as a transcription this month; those past your plan’s limit are left as
          they are.
        </p>
      </ConfirmDialog>
    </>
  );
}
