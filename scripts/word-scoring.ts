/** Scoring a transcript against its reference, shared by the speech benchmarks. */

/** Lower case, hyphens as spaces, no punctuation but inner apostrophes. */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[-‐–—]/g, ' ')
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Word-level Levenshtein distance: substitutions + deletions + insertions. */
export function wordEditDistance(
  reference: readonly string[],
  hypothesis: readonly string[],
): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let row = 1; row <= reference.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= hypothesis.length; column += 1) {
      const substitution =
        (previous[column - 1] ?? 0) + (reference[row - 1] === hypothesis[column - 1] ? 0 : 1);
      current.push(
        Math.min(substitution, (previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1),
      );
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

/** How many reference words the hypothesis has, in order (longest common subsequence). */
export function wordsRecognised(
  reference: readonly string[],
  hypothesis: readonly string[],
): number {
  let previous = new Array<number>(hypothesis.length + 1).fill(0);
  for (const word of reference) {
    const current = [0];
    for (let column = 1; column <= hypothesis.length; column += 1) {
      current.push(
        word === hypothesis[column - 1]
          ? (previous[column - 1] ?? 0) + 1
          : Math.max(previous[column] ?? 0, current[column - 1] ?? 0),
      );
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}
