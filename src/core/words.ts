/**
 * Timed words (issue 28). Every line of a transcript carries its words, each with the seconds it
 * starts and ends and how sure the engine was of it (0 to 1). A line's words are the pieces of its
 * text between spaces, in order: cutting a line between words cuts its text the same way.
 */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
  /** 0 to 1: the engine's posterior (PocketSphinx) or token probability (whisper). */
  confidence: number;
}

/** Below this a word is shown and counted as uncertain. */
export const UNCERTAIN_CONFIDENCE = 0.5;

export const isUncertain = (word: Pick<TimedWord, 'confidence'>): boolean =>
  word.confidence < UNCERTAIN_CONFIDENCE;

/** The pieces of a line's text between spaces: what its words are. */
export const wordsOfText = (text: string): string[] => text.split(/\s+/).filter(Boolean);

const roundMs = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * The line's words spread over [start, end) by their length in characters: the guess when no
 * engine timed them (a transcript made before words were kept, a line a person rewrote).
 */
export function spreadWords(
  text: string,
  start: number,
  end: number,
  confidence: number,
): TimedWord[] {
  const words = wordsOfText(text);
  // Spaces between words are pauses, not parts of words: the last word ends with the line.
  const total = words.reduce((sum, word) => sum + word.length, 0) + words.length - 1;
  const duration = Math.max(0, end - start);
  let spoken = 0;
  return words.map((word) => {
    const from = start + (duration * spoken) / total;
    spoken += word.length;
    const to = start + (duration * spoken) / total;
    spoken += 1;
    return { word, start: roundMs(from), end: roundMs(Math.max(from, to)), confidence };
  });
}
