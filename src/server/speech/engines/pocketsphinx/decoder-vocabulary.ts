import { pronounceWords } from './espeak-pronunciations.js';
import type { PocketSphinxDecoder } from './pocketsphinx-decoder.js';

/**
 * How much likelier than the uniform share a learned word is in the language model. Measured by
 * `npm run bench:vocabulary` (docs/benchmarks.md): higher finds more of the terms, and past a
 * point also writes them where they were not said.
 */
export const LEARNED_WORD_WEIGHT = 10;

/**
 * A decoder thread's decoder, knowing exactly the custom vocabulary of the work it is doing.
 * PocketSphinx can add words but never remove them, so when the next chunk asks for a different
 * vocabulary and this decoder has learned words, it is replaced by a fresh one (the model loads
 * again, about half a second): one account's words never reach another account's transcript.
 * Chunks of one job share a vocabulary, so a job pays for it once per thread at most.
 */
export class DecoderVocabulary {
  private decoder: PocketSphinxDecoder;
  private readonly createDecoder: () => PocketSphinxDecoder;
  private readonly pronunciations = new Map<string, string[] | null>();
  private words = '';
  private learned = false;
  private readonly weight: number;

  constructor(createDecoder: () => PocketSphinxDecoder, weight = LEARNED_WORD_WEIGHT) {
    this.createDecoder = createDecoder;
    this.weight = weight;
    this.decoder = createDecoder();
  }

  /** The decoder as it is, for work that does not depend on words (the front end's analysis). */
  get current(): PocketSphinxDecoder {
    return this.decoder;
  }

  /** The decoder, knowing its dictionary and these words (lower case, sorted), and no others. */
  knowing(words: readonly string[]): PocketSphinxDecoder {
    const key = words.join('\n');
    if (key === this.words) return this.decoder;
    if (this.learned) {
      this.decoder.free();
      this.decoder = this.createDecoder();
      this.learned = false;
    }
    this.words = '';
    const unknown = words.filter((word) => !this.decoder.knows(word));
    const learn = new Map<string, string>();
    const toPronounce = unknown.filter((word) => !this.pronunciations.has(word));
    const fresh = pronounceWords(toPronounce);
    for (const word of toPronounce) this.pronunciations.set(word, fresh.get(word) ?? null);
    for (const word of unknown) {
      // Further pronunciations are `word(2)`, ... as in cmudict.
      this.pronunciations.get(word)?.forEach((phones, index) => {
        learn.set(index === 0 ? word : `${word}(${index + 1})`, phones);
      });
    }
    if (learn.size > 0) {
      this.learned = true;
      this.decoder.learnWords(learn, this.weight);
    }
    this.words = key;
    return this.decoder;
  }

  free(): void {
    this.decoder.free();
  }
}
