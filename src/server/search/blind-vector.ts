/** PostgreSQL keeps at most this many positions of a lexeme; more say nothing to the ranking. */
export const MAX_POSITIONS = 256;

/**
 * What a tsvector may hold, with room to spare: PostgreSQL refuses one whose lexemes and
 * positions pass 1 MiB ("string is too long for tsvector"), and a refused index would fail every
 * search of the library it is in.
 */
export const VECTOR_BUDGET_BYTES = 900_000;

/** A token's positions, each with its weight (`A` to `D`). */
export type Positions = Map<number, string>;

export interface BlindTokens {
  /** Whole lexemes' tokens. */
  words: Map<string, Positions>;
  /** Prefixes' tokens, with how many characters the prefix has. */
  prefixes: Map<string, { characters: number; positions: Positions }>;
}

interface Entry {
  token: string;
  positions: Positions;
  /** How many positions to write. */
  keep: number;
}

/** Bytes an entry takes in a tsvector: its token, its position count and positions, aligned. */
function bytesOf(entry: Entry): number {
  const positions = Math.min(entry.keep, entry.positions.size, MAX_POSITIONS);
  return entry.token.length + 4 + (positions === 0 ? 0 : 4 + 2 * positions);
}

const totalBytes = (entries: readonly Entry[]) =>
  entries.reduce((sum, entry) => sum + bytesOf(entry), 0);

function written(entry: Entry): string {
  const positions = [...entry.positions]
    .sort(([a], [b]) => a - b)
    .slice(0, Math.min(entry.keep, MAX_POSITIONS))
    .map(([position, weight]) => `${position}${weight === 'D' ? '' : weight}`);
  return positions.length === 0 ? `'${entry.token}'` : `'${entry.token}':${positions.join(',')}`;
}

/**
 * The tokens as tsvector text that PostgreSQL accepts. A transcript of many hours may hold more
 * than a tsvector can; then, in turn, until it fits: prefixes lose their positions (they still
 * match; ranking reads the words'), words keep their first 16 positions, then none (finding
 * matters more than ranking), the longest prefixes go (a query's last word must then be typed
 * whole, or nearly), and last the tokens past the budget. An ordinary transcript is indexed
 * whole; only a huge one gives way, in that order.
 */
export function blindVectorText(tokens: BlindTokens): string {
  const words: Entry[] = [...tokens.words].map(([token, positions]) => ({
    token,
    positions,
    keep: MAX_POSITIONS,
  }));
  const prefixes = [...tokens.prefixes].map(([token, { characters, positions }]) => ({
    characters,
    entry: { token, positions, keep: MAX_POSITIONS } as Entry,
  }));
  let kept = prefixes.map((prefix) => prefix.entry);
  const fits = () => totalBytes(words) + totalBytes(kept) <= VECTOR_BUDGET_BYTES;
  const steps: Array<() => void> = [
    () => kept.forEach((entry) => (entry.keep = 0)),
    () => words.forEach((entry) => (entry.keep = 16)),
    () => words.forEach((entry) => (entry.keep = 0)),
    ...[11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(
      (characters) => () =>
        (kept = prefixes
          .filter((prefix) => prefix.characters <= characters)
          .map((prefix) => prefix.entry)),
    ),
  ];
  for (const step of steps) {
    if (fits()) break;
    step();
  }
  let all = [...words, ...kept];
  if (!fits()) {
    let bytes = 0;
    all = all.filter((entry) => (bytes += bytesOf(entry)) <= VECTOR_BUDGET_BYTES);
  }
  return all.map(written).join(' ');
}
