import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useBulkDelete } from './bulk-mutations';
import type { LibrarySelection } from './use-library-selection';

/** "Delete N", asked in the product's dialog; undoable for 10 s from the toast that follows. */
export function BulkDeleteButton({
  selection,
  disabled,
}: {
  selection: LibrarySelection;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useBulkDelete((ids) => selection.deselectAll(ids.map((id) => ({ id }))));
  const size = selection.selected.size;
  const names = [...selection.selected.values()].map((item) => item.filename);
  return (
    <>
      <Button
        variant="outline"
        className="text-red-700"
        disabled={disabled || deletion.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {`Delete ${size}`}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={size === 1 ? 'Delete 1 transcript?' : `Delete ${size} transcripts?`}
        confirmLabel={`Delete ${size}`}
        busy={deletion.isPending}
        onConfirm={() => deletion.mutate(selection.ids, { onSettled: () => setConfirming(false) })}
      >
        <p>
          {size === 1 ? `“${names[0] ?? ''}”` : `These ${size} transcripts`}, with their audio and
          share links, are deleted. You can undo this for 10 seconds.
        </p>
        {size > 1 ? (
          <p className="line-clamp-3">
            {names.slice(0, 5).join(', ')}
            {size > 5 ? ` and ${size - 5} more` : ''}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
