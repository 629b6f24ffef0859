import { useState } from 'react';
import type { SpeechTask } from '../../../core/languages';
import type { SpeakersRequested } from '../../../core/speakers';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { BulkFileRow } from './bulk-file-row';
import { SpeakersSelect } from './speakers-select';
import type { useBulkUpload } from './use-bulk-upload';
import { useSelectedTeam } from '../transcription-data/selected-library';

interface BulkUploadPanelProps {
  bulk: ReturnType<typeof useBulkUpload>;
  /** The card's language and task, set once for every file. */
  language: string;
  task: SpeechTask;
  /** Why the chosen language cannot be served, if it cannot. */
  refusal: string | null;
}

/** Many files: shared options, one button, then each file's own state. */
export function BulkUploadPanel({ bulk, language, task, refusal }: BulkUploadPanelProps) {
  const team = useSelectedTeam();
  const [speakers, setSpeakers] = useState<SpeakersRequested>('auto');
  const { items } = bulk;
  const count = (state: string) => items.filter((item) => item.state === state).length;
  const toSend = count('waiting');
  const ended = items.every((item) => item.state === 'done' || item.state === 'failed');
  return (
    <section aria-label="Bulk upload" className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {items.length} {items.length === 1 ? 'file' : 'files'}
        </h3>
        <p className="text-xs text-slate-600" aria-live="polite">
          {count('done')} done · {count('failed')} failed
        </p>
      </div>
      {bulk.notice ? (
        <Alert tone="warning" className="mt-2">
          {bulk.notice}
        </Alert>
      ) : null}
      {!bulk.started ? (
        <div className="mt-3 flex flex-col gap-3">
          <SpeakersSelect value={speakers} onChange={setSpeakers} />
          <p className="text-xs text-slate-500">
            The language and number of speakers apply to every file.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={toSend === 0 || refusal !== null}
              onClick={() =>
                bulk.start({ speakers, language, task, denoise: 'auto', vocabulary: '', team })
              }
            >
              Upload {toSend} {toSend === 1 ? 'file' : 'files'}
            </Button>
            <Button variant="outline" onClick={bulk.clear}>
              Clear
            </Button>
          </div>
        </div>
      ) : ended ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={bulk.clear}>
          Clear list
        </Button>
      ) : null}
      <ul className="mt-3 max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
        {items.map((item) => (
          <BulkFileRow key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}
