import { formatFileSize } from '../../../core/format/format-file-size';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/cn';
import type { BulkFileState, BulkItem } from './use-bulk-upload';

const STATE_LABELS: Record<BulkFileState, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  queued: 'Queued',
  processing: 'Processing',
  done: 'Done',
  failed: 'Failed',
};

/** One file of a bulk upload: its name, its state, and why when it failed. */
export function BulkFileRow({ item }: { item: BulkItem }) {
  const moving = item.state === 'uploading' || item.state === 'processing';
  return (
    <li className="py-2" data-state={item.state}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium text-slate-900">{item.file.name}</span>
        <span
          className={cn(
            'shrink-0 tabular-nums',
            item.state === 'failed' && 'text-red-700',
            item.state === 'done' && 'text-emerald-700',
            item.state !== 'failed' && item.state !== 'done' && 'text-slate-600',
          )}
        >
          {STATE_LABELS[item.state]}
          {moving ? ` ${Math.round(item.progress)}%` : ''}
        </span>
      </div>
      <p className="text-xs text-slate-500">
        {formatFileSize(item.file.size)}
        {item.state === 'uploading' && item.rate ? ` · ${item.rate}` : ''}
      </p>
      {item.state === 'failed' && item.reason ? (
        <p className="mt-0.5 text-xs text-red-700">{item.reason}</p>
      ) : null}
      {moving ? (
        <Progress
          value={item.progress}
          label={`${item.file.name}: ${STATE_LABELS[item.state]}`}
          className="mt-1 h-1.5"
        />
      ) : null}
    </li>
  );
}
