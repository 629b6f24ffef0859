import { Download, X } from 'lucide-react';
import { useState } from 'react';
import type { ExportFormat } from '../../../../core/api/transcription-values';
import { MAX_EXPORT_IDS, TOO_MANY_IDS_MESSAGE } from '../../../../core/api/zip-exports';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { saveZip, useZipExport } from '../../../lib/use-zip-export';
import { DOWNLOAD_FORMATS } from '../../transcriptions/download-transcription';
import { BulkDeleteButton } from './bulk-delete-button';
import { BulkRetranscribeButton } from './bulk-retranscribe-button';
import { BulkMoveSelect } from './bulk-move-select';
import type { LibrarySelection } from './use-library-selection';

const statusUrl = (id: string) => `/api/exports/${encodeURIComponent(id)}`;
const count = (n: number) => (n === 1 ? '1 transcript' : `${n} transcripts`);

/**
 * What to do with the chosen transcripts: download them as one ZIP in one format, transcribe
 * them again, or delete them (docs/decisions/0081, 0086).
 */
export function BulkActionsBar({
  selection,
  team = null,
}: {
  selection: LibrarySelection;
  /** The library shown (a team's id, or null for the user's own). */
  team?: string | null;
}) {
  const [format, setFormat] = useState<ExportFormat>('txt');
  const { state, start, reset } = useZipExport({
    startUrl: '/api/exports',
    statusUrl,
    saveWhenReady: true,
  });
  const size = selection.selected.size;
  if (size === 0 && state.phase === 'idle') return null;
  const preparing = state.phase === 'preparing';

  return (
    <div
      role="region"
      aria-label="Selected transcriptions"
      className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <p className="text-sm font-medium text-slate-900" aria-live="polite">
        {count(size)} selected
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>Format</span>
          <select
            aria-label="Format of the files in the ZIP"
            value={format}
            disabled={preparing}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
            className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500"
          >
            {DOWNLOAD_FORMATS.map((option) => (
              <option key={option.format} value={option.format}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <Button
          disabled={preparing || size === 0 || selection.tooMany}
          onClick={() => void start({ ids: selection.ids, format })}
        >
          {preparing ? (
            <Spinner className="h-4 w-4" />
          ) : (
            <Download aria-hidden="true" className="h-4 w-4" />
          )}
          {`Download ${size} as ZIP`}
        </Button>
        <BulkRetranscribeButton
          selection={selection}
          disabled={preparing || size === 0 || selection.tooMany}
        />
        <BulkMoveSelect
          selection={selection}
          team={team}
          disabled={preparing || size === 0 || selection.tooMany}
        />
        <BulkDeleteButton
          selection={selection}
          disabled={preparing || size === 0 || selection.tooMany}
        />
        <Button
          variant="ghost"
          disabled={preparing}
          onClick={() => {
            selection.clear();
            reset();
          }}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          Clear selection
        </Button>
      </div>
      <div className="w-full text-sm" aria-live="polite">
        {selection.tooMany ? (
          <Alert tone="error">{TOO_MANY_IDS_MESSAGE}</Alert>
        ) : preparing ? (
          <p className="text-slate-700">Preparing the ZIP… it downloads when ready.</p>
        ) : state.phase === 'ready' ? (
          <p className="text-slate-700">
            The ZIP is ready and downloading.{' '}
            <button
              type="button"
              className="font-medium text-brand-700 underline"
              onClick={() => saveZip(state.url)}
            >
              Download it again
            </button>{' '}
            (kept 24 hours).
          </p>
        ) : state.phase === 'failed' ? (
          <Alert tone="error">{state.message}</Alert>
        ) : (
          <p className="text-xs text-slate-600">
            Shift-click to select a range. Up to {MAX_EXPORT_IDS} at once.
          </p>
        )}
      </div>
    </div>
  );
}
