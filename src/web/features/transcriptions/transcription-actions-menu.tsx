import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Download, Eye, MoreVertical, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import type { TranscriptionDto } from '../../../core/api-types';
import { MESSAGES } from '../../../core/messages';
import { downloadTranscription } from './download-transcription';
import { useDeleteTranscription } from './transcription-queries';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

/** View, Download and Delete for one transcription: a Radix menu, so arrows, Enter and Escape work. */
export function TranscriptionActionsMenu({ transcription }: { transcription: TranscriptionDto }) {
  const [, navigate] = useLocation();
  const deletion = useDeleteTranscription();

  const confirmAndDelete = () => {
    if (!window.confirm(MESSAGES.deleteConfirm)) return;
    deletion.mutate(transcription.id);
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${transcription.filename}`}
        className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <MoreVertical aria-hidden="true" className="h-5 w-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item
            className={itemClasses}
            onSelect={() => navigate(`/transcription/${transcription.id}`)}
          >
            <Eye aria-hidden="true" className="h-4 w-4" />
            View full transcript
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClasses}
            disabled={transcription.status !== 'completed'}
            onSelect={() => void downloadTranscription(transcription)}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={`${itemClasses} text-red-600 data-[highlighted]:bg-red-50`}
            disabled={deletion.isPending}
            onSelect={confirmAndDelete}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
