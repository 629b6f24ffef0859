import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download } from 'lucide-react';
import type { ExportFormat } from '../../../../core/api/transcription-values';
import { buttonClasses } from '../../../components/ui/button';
import { DOWNLOAD_FORMATS } from '../download-transcription';

/** The formats that carry comments: Word as real comments, JSON as threads. */
const COMMENTED_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'docx', label: 'Word with comments (.docx)' },
  { format: 'json', label: 'JSON with comments (.json)' },
];

const itemClasses =
  'flex cursor-pointer items-center justify-between gap-6 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/** Download as a menu of the export formats; arrows, Enter and Escape work (Radix). */
export function DownloadMenu({
  disabled,
  withComments,
  onDownload,
}: {
  disabled?: boolean;
  /** The transcript has comments: offer Word and JSON with them. */
  withComments?: boolean;
  onDownload: (format: ExportFormat, options?: { comments: true }) => void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses('primary', 'md')} disabled={disabled}>
        <Download aria-hidden="true" className="h-4 w-4" />
        Download
        <ChevronDown aria-hidden="true" className="-mr-1 h-4 w-4 opacity-80" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {DOWNLOAD_FORMATS.map(({ format, label }) => (
            <DropdownMenu.Item
              key={format}
              className={itemClasses}
              onSelect={() => onDownload(format)}
            >
              {label}
              <span aria-hidden="true" className="font-mono text-xs text-slate-400">
                .{format}
              </span>
            </DropdownMenu.Item>
          ))}
          {withComments ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Label className="px-3 py-1 text-xs font-medium text-slate-500">
                With comments
              </DropdownMenu.Label>
              {COMMENTED_FORMATS.map(({ format, label }) => (
                <DropdownMenu.Item
                  key={format}
                  className={itemClasses}
                  onSelect={() => onDownload(format, { comments: true })}
                >
                  {label}
                  <span aria-hidden="true" className="font-mono text-xs text-slate-400">
                    .{format}
                  </span>
                </DropdownMenu.Item>
              ))}
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
