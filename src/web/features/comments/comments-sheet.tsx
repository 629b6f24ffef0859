import * as Dialog from '@radix-ui/react-dialog';
import { CommentsPanel, type PanelLine } from './comments-panel';
import type { TranscriptComments } from './use-transcript-comments';

/** On a narrow screen the comments rise from the bottom over the transcript. */
export function CommentsSheet({
  comments,
  lines,
  open,
  onOpenChange,
}: {
  comments: TranscriptComments;
  lines: readonly PanelLine[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl"
        >
          <Dialog.Title className="sr-only">Comments</Dialog.Title>
          <CommentsPanel comments={comments} lines={lines} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
