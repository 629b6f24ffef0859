import type { TranscriptSegmentDto } from '../../../core/api/transcriptions';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { cn } from '../../lib/cn';

interface TranscriptSegmentsProps {
  segments: readonly TranscriptSegmentDto[];
  activeIndex: number;
  onSelect: (segment: TranscriptSegmentDto) => void;
}

/** The transcript as timed lines; each is a button that plays from its start. The line being played is marked. */
export function TranscriptSegments({ segments, activeIndex, onSelect }: TranscriptSegmentsProps) {
  return (
    <ol className="space-y-1" aria-label="Timed transcript">
      {segments.map((segment, index) => (
        <li key={`${segment.start}-${index}`}>
          <button
            type="button"
            aria-current={index === activeIndex ? 'true' : undefined}
            onClick={() => onSelect(segment)}
            className={cn(
              'flex w-full items-baseline gap-3 rounded-md px-2 py-1.5 text-left text-slate-800 hover:bg-slate-100',
              index === activeIndex && 'bg-brand-50 text-brand-700 ring-1 ring-brand-100',
            )}
          >
            <span className="min-w-10 shrink-0 font-mono text-xs tabular-nums text-slate-500">
              {formatTimestamp(segment.start)}
            </span>
            <span>{segment.text}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** The segment playing at `time`, or -1 between and outside segments. */
export function activeSegmentIndex(
  segments: readonly TranscriptSegmentDto[],
  time: number,
): number {
  return segments.findIndex((segment) => time >= segment.start && time < segment.end);
}
