import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import { findMatches } from './find-matches';

type Segments = readonly TranscriptSegmentDto[];

/**
 * Every match of `query` (as Find in transcript finds it: any case, any accents) replaced by
 * `replacement` across all lines. The same array when nothing matches; only changed lines are new.
 */
export function replaceAll(
  segments: Segments,
  query: string,
  replacement: string,
): { segments: Segments; count: number } {
  const matches = findMatches(
    segments.map((segment) => segment.text),
    query,
  );
  if (matches.length === 0) return { segments, count: 0 };
  const next = [...segments];
  // From the last match back, so earlier positions stay valid.
  for (const match of [...matches].reverse()) {
    const segment = next[match.segmentIndex] as TranscriptSegmentDto;
    const text = segment.text.slice(0, match.start) + replacement + segment.text.slice(match.end);
    next[match.segmentIndex] = { ...segment, text };
  }
  return { segments: next, count: matches.length };
}
