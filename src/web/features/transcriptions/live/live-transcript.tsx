import { Bell } from 'lucide-react';
import { useState } from 'react';
import type { TranscriptionDto } from '../../../../core/api/transcriptions';
import { formatTimestamp } from '../../../../core/format/format-timestamp';
import { Button } from '../../../components/ui/button';
import { TranscriptionProgress } from '../transcription-progress';
import { CancelButton } from './cancel-button';
import { canNotify } from './use-job-end-notice';

/**
 * An unfinished transcription: the words made so far (they grow as each part is done), the
 * progress with the time left, Cancel, and an offer to notify when it is done.
 */
export function LiveTranscript({ transcription }: { transcription: TranscriptionDto }) {
  const { segments } = transcription;
  return (
    <div className="space-y-4 pt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {segments.length > 0
            ? 'Transcribing: the text grows as each part is done.'
            : 'Your transcript will appear here as it is made.'}
        </p>
        <div className="flex gap-2">
          <NotifyWhenDoneButton />
          <CancelButton transcription={transcription} />
        </div>
      </div>
      <TranscriptionProgress transcription={transcription} />
      <PartialSegments segments={segments} label="Transcript so far" />
    </div>
  );
}

/** The words of an unfinished or cancelled job, read-only. */
export function PartialSegments({
  segments,
  label,
}: {
  segments: TranscriptionDto['segments'];
  label: string;
}) {
  if (segments.length === 0) return null;
  return (
    <ol aria-label={label} className="space-y-2">
      {segments.map((segment, index) => (
        <li key={index} className="flex gap-3 text-sm leading-relaxed text-slate-800">
          <span className="w-14 shrink-0 font-mono text-xs text-slate-500">
            {formatTimestamp(segment.start)}
          </span>
          <span dir="auto">{segment.text}</span>
        </li>
      ))}
    </ol>
  );
}

/** Asks for the browser's permission to notify; shown only while it has not been asked. */
function NotifyWhenDoneButton() {
  const [permission, setPermission] = useState(() =>
    canNotify() ? Notification.permission : 'denied',
  );
  if (permission !== 'default') return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      <Bell aria-hidden="true" className="h-4 w-4" />
      Notify me when done
    </Button>
  );
}
