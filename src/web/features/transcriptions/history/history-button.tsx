import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { History, X } from 'lucide-react';
import { useState } from 'react';
import type { TranscriptVersionDto } from '../../../../core/api/transcript-versions';
import { MESSAGES } from '../../../../core/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/api-client';
import { toast } from '../../toasts/toast-store';
import {
  refreshTranscriptionData,
  transcriptionKey,
} from '../../transcription-data/transcription-queries';
import { useRestoreVersion, useTranscriptVersions } from './history-queries';
import { describeAuthor, describeChange } from './version-description';

function VersionRow({
  version,
  onRestore,
}: {
  version: TranscriptVersionDto;
  onRestore: () => void;
}) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">
          Version {version.number}: {describeChange(version)}
        </p>
        <p className="text-sm text-slate-600">
          by {describeAuthor(version)},{' '}
          <time dateTime={version.createdAt}>
            {format(new Date(version.createdAt), 'd MMM yyyy, HH:mm')}
          </time>
        </p>
      </div>
      {version.current ? (
        <span className="shrink-0 self-center text-sm font-medium text-slate-500">Current</span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-label={`Restore version ${version.number}`}
          onClick={onRestore}
        >
          Restore
        </Button>
      )}
    </li>
  );
}

/**
 * "History": every version of the transcript with what changed, who and when; any of them can
 * be restored (after the product's confirmation), which adds a new version.
 */
export function HistoryButton({
  transcriptionId,
  beforeRestore,
  onRestored,
}: {
  transcriptionId: string;
  beforeRestore: () => Promise<void>;
  onRestored: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const versions = useTranscriptVersions(transcriptionId, open);
  const restore = useRestoreVersion(transcriptionId);

  const confirmRestore = async () => {
    if (chosen === null) return;
    try {
      await beforeRestore();
      const restored = await restore.mutateAsync(chosen);
      queryClient.setQueryData(transcriptionKey(transcriptionId), restored);
      setChosen(null);
      setOpen(false);
      toast({ title: `Version ${chosen} restored` });
      void refreshTranscriptionData(queryClient);
      onRestored();
    } catch (error) {
      toast({
        title: 'Could not restore it',
        description: (error instanceof HttpError && error.serverMessage) || MESSAGES.genericError,
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Button variant="outline" className="shrink-0" onClick={() => setOpen(true)}>
        <History aria-hidden="true" className="h-4 w-4" />
        History
      </Button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
          <Dialog.Content className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col bg-white shadow-xl">
            <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
              <Dialog.Title className="text-lg font-semibold text-slate-900">History</Dialog.Title>
              <Dialog.Close
                aria-label="Close history"
                className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="px-5 pt-3 text-sm text-slate-600">
              Every change to this transcript is kept. Restoring a version adds it as the newest.
            </Dialog.Description>
            <div className="flex-1 overflow-y-auto px-5">
              {versions.isPending ? (
                <div className="flex justify-center py-8">
                  <Spinner className="h-6 w-6" label="Loading history" />
                </div>
              ) : versions.isError ? (
                <p className="py-6 text-sm text-red-700">{MESSAGES.genericError}</p>
              ) : (
                <ol aria-label="Versions" className="divide-y divide-slate-200">
                  {versions.data.map((version) => (
                    <VersionRow
                      key={version.number}
                      version={version}
                      onRestore={() => setChosen(version.number)}
                    />
                  ))}
                </ol>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(isOpen) => !isOpen && setChosen(null)}
        title={`Restore version ${chosen ?? ''}?`}
        confirmLabel="Restore"
        cancelLabel="Cancel"
        busy={restore.isPending}
        onConfirm={() => void confirmRestore()}
      >
        <p>
          The transcript will read as it did in version {chosen}. What it says now stays in the
          history, so you can come back to it.
        </p>
      </ConfirmDialog>
    </>
  );
}
