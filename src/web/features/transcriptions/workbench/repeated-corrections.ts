import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';

type Segments = readonly TranscriptSegmentDto[];

/** A word the user wrote in place of the engine's words, and in how many places. */
export interface RepeatedCorrection {
  spelling: string;
  places: number;
}

/** The most engine words one correction may replace: a name heard as "sway in heim". */
const MAX_REPLACED_WORDS = 3;

const wordsOf = (text: string) =>
  text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

/**
 * Correction memory: the words the user put in place of what the engine wrote, in at least
 * `minimumPlaces` places, with the same spelling each time. Lines are compared with the lines the
 * page loaded that have the same times (lines split or joined since are left out); inside a line,
 * a run of up to three words replaced by one word is a correction.
 */
export function repeatedCorrections(
  loaded: Segments,
  current: Segments,
  minimumPlaces = 2,
): RepeatedCorrection[] {
  const loadedByTimes = new Map(loaded.map((segment) => [timesOf(segment), segment]));
  const places = new Map<string, number>();
  for (const segment of current) {
    const before = loadedByTimes.get(timesOf(segment));
    if (!before || before.text === segment.text) continue;
    for (const spelling of correctionsIn(wordsOf(before.text), wordsOf(segment.text))) {
      places.set(spelling, (places.get(spelling) ?? 0) + 1);
    }
  }
  return [...places]
    .filter(([, count]) => count >= minimumPlaces)
    .map(([spelling, count]) => ({ spelling, places: count }));
}

function timesOf(segment: TranscriptSegmentDto): string {
  return `${segment.start}-${segment.end}`;
}

/** Words of `after` that replace one to three words of `before`, by a word-level alignment. */
function correctionsIn(before: readonly string[], after: readonly string[]): string[] {
  // Longest common subsequence table, from the ends (lines are short).
  const rows = before.length + 1;
  const columns = after.length + 1;
  const common = Array.from({ length: rows }, () => new Array<number>(columns).fill(0));
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      common[i]![j] =
        before[i] === after[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const corrections: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      i += 1;
      j += 1;
      continue;
    }
    const removedFrom = i;
    const addedFrom = j;
    while (
      (i < before.length || j < after.length) &&
      !(i < before.length && j < after.length && before[i] === after[j])
    ) {
      if (j >= after.length || (i < before.length && common[i + 1]![j]! >= common[i]![j + 1]!))
        i += 1;
      else j += 1;
    }
    const removed = i - removedFrom;
    const added = after.slice(addedFrom, j);
    const spelling = added[0];
    if (added.length === 1 && spelling && removed >= 1 && removed <= MAX_REPLACED_WORDS)
      corrections.push(spelling);
  }
  return corrections;
}
