import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download } from 'lucide-react';
import type { ExportFormat } from '../../../../core/api/transcription-values';
import { buttonClasses } from '../../../components/ui/button';
import { DOWNLOAD_FORMATS } from '../download-transcription';

const itemClasses =
  'flex cursor-pointer items-center justify-between gap-6 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/** Download as a menu of the export formats; arrows, Enter and Escape work (Radix). */
export function DownloadMenu({
  disabled,
  onDownload,
}: {
  disabled?: boolean;
  onDownload: (format: ExportFormat) => void;
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
