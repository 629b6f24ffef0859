import type { TimedWord } from '../../../../core/words.js';
import { SpeechEngineError } from '../speech-engine-error.js';
import type { PocketSphinxModel } from './find-pocketsphinx-model.js';
import type { PocketSphinxLibrary } from './pocketsphinx-library.js';
import { BLOCK_SAMPLES } from './speech-analysis.js';

const FRAMES_PER_SECOND = 100;
const GRAMMAR = 'line';

/** How a written word is looked up in the dictionary: lower case, letters, digits and apostrophes. */
export const dictionaryForm = (word: string): string =>
  word
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}']+/gu, '')
    .replace(/^'+|'+$/g, '');

/**
 * Forced alignment with PocketSphinx 5prealpha, which has no alignment call of its own: a JSGF
 * grammar that accepts exactly the line's words, in order, with optional silence and fillers
 * between them (the FSG search adds those), decoded over the line's audio. Its own decoder: silence
 * is kept (`-remove_silence no`), or a pause inside the line would shift every later word; the
 * audio is dithered and the beams are wide, or the search may lose the grammar's only path.
 */
export class PocketSphinxAligner {
  private config: bigint | null;
  private decoder: bigint | null;

  constructor(
    private readonly library: PocketSphinxLibrary,
    model: PocketSphinxModel,
  ) {
    this.config = library.createConfig({
      '-hmm': model.acousticModel,
      '-dict': model.dictionary,
      '-frate': String(FRAMES_PER_SECOND),
      '-remove_silence': 'no',
      '-logfn': '/dev/null',
      // The grammar is one path, so the search is small even with wide beams; at the recogniser's
      // beams (1e-48) a line of synthetic speech lost that path and found no alignment at all.
      '-beam': '1e-80',
      '-pbeam': '1e-80',
      '-wbeam': '1e-60',
    });
    if (this.config === null)
      throw new SpeechEngineError('PocketSphinx rejected its configuration');
    this.decoder = library.init(this.config);
    if (this.decoder === null) {
      library.freeConfig(this.config);
      this.config = null;
      throw new SpeechEngineError(
        `PocketSphinx could not load its model from ${model.acousticModel}`,
      );
    }
  }

  /**
   * Times of the written words in the samples (seconds from the first sample), one per word in
   * order; words the dictionary cannot write get null and are placed by the caller. Null when the
   * audio cannot be read as these words.
   */
  align(samples: Int16Array, written: readonly string[]): (TimedWord | null)[] | null {
    const decoder = this.decoder;
    if (decoder === null) throw new SpeechEngineError('the PocketSphinx aligner was freed');
    const library = this.library;
    const known = written.map((word) => {
      const form = dictionaryForm(word);
      return form !== '' && library.knowsWord(decoder, form) ? form : null;
    });
    const spoken = known.filter((form): form is string => form !== null);
    if (spoken.length === 0) return null;
    const grammar = `#JSGF V1.0;\ngrammar ${GRAMMAR};\npublic <${GRAMMAR}> = ${spoken.join(' ')} ;\n`;
    if (!library.setGrammar(decoder, GRAMMAR, grammar) || !library.useSearch(decoder, GRAMMAR))
      return null;
    // Twice: the first pass only teaches the live cepstral mean this recording's channel.
    let found: { word: string; start: number; end: number; confidence: number }[] = [];
    const dithered = withDither(samples);
    for (let pass = 0; pass < 2; pass += 1) found = this.decodeOnce(decoder, dithered);
    const words = found.filter((word) => !/^[<[]|^\+\+/.test(word.word));
    if (words.length !== spoken.length) return null;
    let next = 0;
    return known.map((form, index) => {
      if (form === null) return null;
      const word = words[next++]!;
      return { ...word, word: written[index] ?? word.word };
    });
  }

  free(): void {
    if (this.decoder !== null) this.library.free(this.decoder);
    if (this.config !== null) this.library.freeConfig(this.config);
    this.decoder = null;
    this.config = null;
  }

  private decodeOnce(decoder: bigint, samples: Int16Array) {
    const library = this.library;
    const check = (result: number, call: string): void => {
      if (result < 0) throw new SpeechEngineError(`PocketSphinx ${call} failed (${result})`);
    };
    check(library.startStream(decoder), 'ps_start_stream');
    check(library.startUtterance(decoder), 'ps_start_utt');
    for (let offset = 0; offset < samples.length; offset += BLOCK_SAMPLES)
      check(
        library.processRaw(decoder, samples.subarray(offset, offset + BLOCK_SAMPLES)),
        'ps_process_raw',
      );
    check(library.endUtterance(decoder), 'ps_end_utt');
    const words: { word: string; start: number; end: number; confidence: number }[] = [];
    if (library.hypothesis(decoder) === null) return words;
    for (
      let segment = library.segmentIterator(decoder);
      segment !== null;
      segment = library.nextSegment(segment)
    ) {
      const [startFrame, endFrame] = library.segmentFrames(segment);
      words.push({
        word: library.segmentWord(segment).replace(/\(\d+\)$/, ''),
        start: startFrame / FRAMES_PER_SECOND,
        end: (endFrame + 1) / FRAMES_PER_SECOND,
        confidence: 1,
      });
    }
    return words;
  }
}

/**
 * The samples with one bit of noise on a quarter of them (as PocketSphinx's own `-dither`, but
 * from a fixed seed, so a line always aligns the same way). Digital silence (a muted or
 * generated pause) has no energy at all; over such pauses the search lost the grammar's path
 * (three lines of the eight in `npm run bench:word-times` found no alignment without it).
 */
function withDither(samples: Int16Array): Int16Array {
  const out = new Int16Array(samples.length);
  let state = 0x2545f491;
  for (let index = 0; index < samples.length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const sample = samples[index]!;
    out[index] = (state & 3) === 0 && sample < 32767 ? sample + 1 : sample;
  }
  return out;
}
