import { useQuery } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import type { OriginalTranscriptDto } from '../../../../core/api/transcriptions';
import { formatTimestamp } from '../../../../core/format/format-timestamp';
import { hasSeveralSpeakers, speakersInOrder } from '../../../../core/speakers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { speakerColor } from './speaker-colors';
import { startsTurn } from './speaker-edits';

/** The machine's first transcript, read-only, with the way to bring it back. */
export function OriginalTranscript({
  id,
  onRestore,
  onClose,
}: {
  id: string;
  onRestore: (original: OriginalTranscriptDto) => void;
  onClose: () => void;
}) {
  const original = useQuery<OriginalTranscriptDto>({
    queryKey: [`/api/transcriptions/${encodeURIComponent(id)}/original`],
  });
  return (
    <section aria-labelledby="original-heading" className="space-y-4">
      <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-2 text-sm text-amber-900">
          <History aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div>
            <h3 id="original-heading" className="font-semibold">
              Original transcript
            </h3>
            <p>The machine&apos;s first transcript, before your corrections. Read-only.</p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={onClose}>
            Back to my edits
          </Button>
          <Button
            size="sm"
            disabled={!original.data}
            onClick={() => original.data && onRestore(original.data)}
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Restore original
          </Button>
        </div>
      </div>
      {original.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the original" />
        </div>
      ) : original.isError ? (
        <Alert tone="error">The original transcript could not be loaded. Try again later.</Alert>
      ) : (
        <OriginalLines segments={original.data.segments} />
      )}
    </section>
  );
}

/** The original's lines; with several speakers each turn is led by its speaker's name. */
function OriginalLines({ segments }: { segments: OriginalTranscriptDto['segments'] }) {
  const speakers = hasSeveralSpeakers(segments) ? speakersInOrder(segments) : null;
  return (
    <ol aria-label="Original transcript" className="space-y-1 text-slate-700">
      {segments.map((segment, index) => (
        <li key={index} className="px-2 py-1.5">
          {speakers && startsTurn(segments, index) ? (
            <p
              className={cn(
                'mb-0.5 ml-15 text-sm font-semibold',
                speakerColor(speakers.indexOf(segment.speaker)).text,
                index > 0 && 'mt-3',
              )}
            >
              {segment.speaker}
            </p>
          ) : null}
          <div className="flex gap-3">
            <span className="mt-0.5 min-w-12 shrink-0 font-mono text-xs text-slate-400 tabular-nums">
              {formatTimestamp(segment.start)}
            </span>
            <span dir="auto" className="leading-relaxed">
              {segment.text}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
