import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import { isUncertain, UNCERTAIN_CONFIDENCE } from '../../../../core/words';

/** Where each word the machine was unsure of starts, in order. */
export function uncertainWordStarts(segments: readonly TranscriptSegmentDto[]): number[] {
  return segments.flatMap((segment) =>
    (segment.words ?? []).filter(isUncertain).map((word) => word.start),
  );
}

/** The first unsure word after `time` (a hair later, so pressing again moves on), else the first. */
export function nextUncertainStart(starts: readonly number[], time: number): number | undefined {
  return starts.find((start) => start > time + 0.01) ?? starts[0];
}

/** What the dotted underline means, and the key that steps through those words. */
export function UncertainLegend() {
  return (
    <p className="text-sm text-slate-600" data-testid="uncertain-legend">
      <span className="underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-4">
        Dotted underline
      </span>
      : words the machine was unsure of (under {Math.round(UNCERTAIN_CONFIDENCE * 100)}%
      confidence). Press{' '}
      <kbd className="rounded border border-slate-300 px-1 font-mono text-xs">U</kbd> to jump to the
      next one; click any word to play from it.
    </p>
  );
}
