/**
 * A segment's words with running totals of their length, so the length of any run of them joined
 * by spaces is known without joining: laying out a cue costs one pass over its words.
 */
export class WordRuns {
  readonly words: readonly string[];
  /** `lengthBefore[i]`: the characters of the first `i` words, each with its following space. */
  private readonly lengthBefore: number[];

  constructor(words: readonly string[]) {
    this.words = words;
    this.lengthBefore = [0];
    let sum = 0;
    for (const word of words) {
      sum += word.length + 1;
      this.lengthBefore.push(sum);
    }
  }

  /** The length of `words[from..to)` joined by single spaces. */
  joinedLength(from: number, to: number): number {
    if (to <= from) return 0;
    return (this.lengthBefore[to] ?? 0) - (this.lengthBefore[from] ?? 0) - 1;
  }

  longestWord(): number {
    let longest = 0;
    for (const word of this.words) longest = Math.max(longest, word.length);
    return longest;
  }

  /** Where to break `words[from..to)` into two lines so the longer is shortest (the first such). */
  private evenBreak(from: number, to: number): { at: number; longest: number } {
    let best = { at: from, longest: Infinity };
    for (let at = from + 1; at < to; at += 1) {
      const longest = Math.max(this.joinedLength(from, at), this.joinedLength(at, to));
      if (longest < best.longest) best = { at, longest };
    }
    return best;
  }

  /** The run as one line when it fits in `width`, else as the two most even lines. */
  wrap(from: number, to: number, width: number): string[] {
    const join = (start: number, end: number) => this.words.slice(start, end).join(' ');
    if (this.joinedLength(from, to) <= width || to - from < 2) return [join(from, to)];
    const { at } = this.evenBreak(from, to);
    return [join(from, at), join(at, to)];
  }

  /** Whether `wrap` keeps every line of the run within `width`. */
  fits(from: number, to: number, width: number): boolean {
    if (this.joinedLength(from, to) <= width) return true;
    return to - from >= 2 && this.evenBreak(from, to).longest <= width;
  }
}
