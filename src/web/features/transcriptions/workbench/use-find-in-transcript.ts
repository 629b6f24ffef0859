import { useMemo, useState } from 'react';
import { findMatches, stepMatch, type FindMatch } from './find-matches';

/**
 * Find in transcript: the query, its matches and which one is current. It may open with a query
 * (the words a search hit was found by), its current match the first in or after `fromSegment`.
 */
export function useFindInTranscript(
  texts: readonly string[],
  opening: { query: string; fromSegment: number } = { query: '', fromSegment: 0 },
) {
  const [query, setQueryState] = useState(opening.query);
  const [current, setCurrent] = useState(() =>
    Math.max(
      0,
      findMatches(texts, opening.query).findIndex(
        (match) => match.segmentIndex >= opening.fromSegment,
      ),
    ),
  );
  const matches = useMemo(() => findMatches(texts, query), [texts, query]);
  const index = matches.length === 0 ? -1 : Math.min(current, matches.length - 1);
  const bySegment = useMemo(() => {
    const grouped = new Map<number, FindMatch[]>();
    for (const match of matches) {
      grouped.set(match.segmentIndex, [...(grouped.get(match.segmentIndex) ?? []), match]);
    }
    return grouped;
  }, [matches]);
  return {
    query,
    matches,
    bySegment,
    index,
    currentMatch: matches[index],
    setQuery: (next: string) => {
      setQueryState(next);
      setCurrent(0);
    },
    step: (direction: 1 | -1) => setCurrent(stepMatch(index, matches.length, direction)),
  };
}
