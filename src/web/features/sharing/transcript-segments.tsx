import type { TranscriptSegmentDto } from '../../../core/api/transcriptions';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { hasSeveralSpeakers } from '../../../core/speakers';
import { cn } from '../../lib/cn';

interface TranscriptSegmentsProps {
  segments: readonly TranscriptSegmentDto[];
  activeIndex: number;
  onSelect: (segment: TranscriptSegmentDto) => void;
}

/**
 * The transcript as timed lines; each is a button that plays from its start. The line being
 * played is marked. When several people speak, each turn (a speaker's consecutive lines) is led
 * by the speaker's name; one voice shows no names. Every line stays its own list item, so a line
 * is found by its index.
 */
export function TranscriptSegments({ segments, activeIndex, onSelect }: TranscriptSegmentsProps) {
  const showSpeakers = hasSeveralSpeakers(segments);
  return (
    <ol className="space-y-1" aria-label="Timed transcript">
      {segments.map((segment, index) => {
        const startsTurn = showSpeakers && segment.speaker !== segments[index - 1]?.speaker;
        return (
          <li key={`${segment.start}-${index}`} className={cn(startsTurn && index > 0 && 'pt-3')}>
            {startsTurn ? (
              <p className="px-2 pb-0.5 text-sm font-semibold text-slate-900">{segment.speaker}</p>
            ) : null}
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
              <span dir="auto">{segment.text}</span>
            </button>
          </li>
        );
      })}
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
