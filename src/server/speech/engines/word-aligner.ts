import type { TimedWord } from '../../../core/words.js';

/**
 * Finds where known words are said in a stretch of audio (forced alignment). One time per written
 * word, in order; null for a word it cannot place. Null as a whole when the audio cannot be read as
 * these words at all.
 */
export interface WordAligner {
  align(
    samples: Int16Array,
    words: string[],
    signal?: AbortSignal,
  ): Promise<(TimedWord | null)[] | null>;
  close(): Promise<void>;
}
