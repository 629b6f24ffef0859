import type { TimedWord } from '../../../../core/words.js';

/** A token of whisper-server's verbose_json (`segments[].words[]`): times in seconds, `t_dtw` in 10 ms steps. */
export interface WhisperToken {
  word: string;
  start?: number;
  end?: number;
  /** The token's time by dynamic time warping over the alignment heads; -1 without `--dtw`. */
  t_dtw?: number;
  probability: number;
}

/** Special tokens (`[_BEG_]`, `[_TT_150]`, `<|endoftext|>`) carry no text. */
const SPECIAL = /^\s*(\[_[A-Z0-9_]+\]|<\|[^|]*\|>)\s*$/;

const tokenStart = (token: WhisperToken): number | undefined =>
  token.t_dtw !== undefined && token.t_dtw >= 0 ? token.t_dtw / 100 : token.start;

/**
 * Whisper's BPE tokens joined into words: a token that begins with a space begins a word, any other
 * continues the word before it (the rest of a long word, its punctuation). A word starts at its
 * first token's time (DTW where whisper-server has it, else whisper's own token timestamp) and ends
 * where the next word starts, or at its last token's end; its confidence is the mean probability of
 * its tokens.
 */
export function joinTokensIntoWords(tokens: readonly WhisperToken[]): TimedWord[] {
  const groups: WhisperToken[][] = [];
  for (const token of tokens) {
    if (token.word === '' || SPECIAL.test(token.word)) continue;
    const current = groups.at(-1);
    if (!current || /^\s/.test(token.word)) groups.push([token]);
    else current.push(token);
  }
  const words = groups
    .map((group) => ({
      word: group
        .map((token) => token.word)
        .join('')
        .trim(),
      start: tokenStart(group[0]!),
      lastEnd: group.at(-1)!.end,
      confidence:
        group.reduce((sum, token) => sum + Math.min(1, Math.max(0, token.probability)), 0) /
        group.length,
    }))
    .filter((word) => word.word !== '');
  let floor = 0;
  return words.map((word, index) => {
    const start = Math.max(floor, word.start ?? floor);
    const nextStart = words[index + 1]?.start;
    const end = Math.max(
      start,
      Math.min(nextStart ?? Infinity, word.lastEnd ?? nextStart ?? start),
    );
    floor = start;
    return {
      word: word.word,
      start: Math.round(start * 1000) / 1000,
      end: Math.round(end * 1000) / 1000,
      confidence: Math.round(word.confidence * 1000) / 1000,
    };
  });
}
