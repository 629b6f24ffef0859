/** One occurrence of the searched text: in which segment, and where in its text. */
export interface FindMatch {
  segmentIndex: number;
  start: number;
  end: number;
}

/**
 * Every occurrence of `query` in the segments' texts, in reading order, ignoring case and accents
 * ("cafe" finds "Café"). Runs of spaces in the query match any run of spaces. Blank finds nothing.
 */
export function findMatches(texts: readonly string[], query: string): FindMatch[] {
  const words = fold(query).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), 'g');
  const matches: FindMatch[] = [];
  texts.forEach((text, segmentIndex) => {
    for (const found of fold(text).matchAll(pattern)) {
      matches.push({ segmentIndex, start: found.index, end: found.index + found[0].length });
    }
  });
  return matches;
}

/** Pieces of a text for display: plain runs and matched runs, with the current match marked. */
export interface TextPiece {
  text: string;
  match: 'none' | 'other' | 'current';
}

export function splitByMatches(
  text: string,
  matches: readonly FindMatch[],
  current: FindMatch | undefined,
): TextPiece[] {
  const pieces: TextPiece[] = [];
  let position = 0;
  for (const match of matches) {
    if (match.start > position)
      pieces.push({ text: text.slice(position, match.start), match: 'none' });
    pieces.push({
      text: text.slice(match.start, match.end),
      match: match === current ? 'current' : 'other',
    });
    position = match.end;
  }
  if (position < text.length || pieces.length === 0) {
    pieces.push({ text: text.slice(position), match: 'none' });
  }
  return pieces;
}

/** The step after `index` in a list of `count`, wrapping round at both ends. */
export function stepMatch(index: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (index < 0) return direction === 1 ? 0 : count - 1;
  return (index + direction + count) % count;
}

/**
 * Lower case without combining accents, one character for one: positions in the folded text are
 * positions in the original, so matches can be highlighted where they are.
 */
function fold(text: string): string {
  return Array.from(text, (character) => {
    const folded = character
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    return folded.length === character.length ? folded : character.toLowerCase();
  }).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
