import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Download, Eye, MoreVertical, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { EXPORT_FORMATS } from '../../../core/api/transcription-values';
import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';
import { MESSAGES } from '../../../core/messages';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ShareDialog } from '../sharing/share-dialog';
import { accessAllows } from '../../../core/teams/transcription-access';
import { downloadTranscription } from './download-transcription';
import { EXPORT_FORMAT_LABELS } from './export-format-labels';
import { useDeleteTranscription } from '../transcription-data/transcription-queries';

const itemBase =
  'flex cursor-pointer items-center gap-2 rounded py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';
const itemClasses = `${itemBase} px-3`;
const formatItemClasses = `${itemBase} pl-9 pr-3`;

// Never taller than the room the window has: on a short screen the menu scrolls instead of
// running off its top or bottom.
const contentClasses =
  'z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-48 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg';

/**
 * View, Share, Download (one item per export format, listed flat: submenus are fiddly by touch)
 * and Delete for one transcription: a Radix menu, so arrows, Enter and Escape work.
 */
export function TranscriptionActionsMenu({
  transcription,
}: {
  transcription: Pick<TranscriptionListItemDto, 'id' | 'filename' | 'status'> &
    Partial<Pick<TranscriptionListItemDto, 'access'>>;
}) {
  const [, navigate] = useLocation();
  const deletion = useDeleteTranscription();
  const [sharing, setSharing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const completed = transcription.status === 'completed';

  return (
    <>
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
            collisionPadding={8}
            className={contentClasses}
          >
            <DropdownMenu.Item
              className={itemClasses}
              onSelect={() => navigate(`/transcription/${transcription.id}`)}
            >
              <Eye aria-hidden="true" className="h-4 w-4" />
              View full transcript
            </DropdownMenu.Item>
            {accessAllows(transcription.access, 'share') ? (
              <DropdownMenu.Item
                className={itemClasses}
                disabled={!completed}
                onSelect={() => setSharing(true)}
              >
                <Share2 aria-hidden="true" className="h-4 w-4" />
                Share…
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Group aria-labelledby={`download-${transcription.id}`}>
              <DropdownMenu.Label
                id={`download-${transcription.id}`}
                className="flex items-center gap-2 px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                <Download aria-hidden="true" className="h-3.5 w-3.5" />
                Download
              </DropdownMenu.Label>
              {EXPORT_FORMATS.map((format) => (
                <DropdownMenu.Item
                  key={format}
                  className={formatItemClasses}
                  disabled={!completed}
                  onSelect={() => void downloadTranscription(transcription, { format })}
                >
                  {EXPORT_FORMAT_LABELS[format]}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
            {accessAllows(transcription.access, 'manageTranscriptions') ? (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                <DropdownMenu.Item
                  className={`${itemClasses} text-red-600 data-[highlighted]:bg-red-50`}
                  disabled={deletion.isPending}
                  onSelect={() => setConfirmingDelete(true)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Delete
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ShareDialog transcription={transcription} open={sharing} onOpenChange={setSharing} />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        busy={deletion.isPending}
        onConfirm={() =>
          deletion.mutate(transcription.id, { onSettled: () => setConfirmingDelete(false) })
        }
      >
        <p>
          “{transcription.filename}”, its audio and its share link are deleted. You can undo this
          for 10 seconds.
        </p>
      </ConfirmDialog>
    </>
  );
}
