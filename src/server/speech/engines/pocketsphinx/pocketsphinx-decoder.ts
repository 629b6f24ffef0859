import { SpeechEngineError } from '../speech-engine-error.js';
import type { TimedWord } from '../group-words-into-segments.js';
import type { PocketSphinxModel } from './find-pocketsphinx-model.js';
import type { PocketSphinxLibrary } from './pocketsphinx-library.js';

const FRAMES_PER_SECOND = 100;
/** The block size pocketsphinx_continuous reads, so voice activity detection behaves the same. */
const BLOCK_SAMPLES = 2048;

/** One stretch of speech between two pauses, as PocketSphinx's voice activity detector saw it. */
export type Utterance = TimedWord[];

/** Fillers and sentence marks: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++BREATH++`. */
function isFiller(word: string): boolean {
  return word.startsWith('<') || word.startsWith('[') || word.startsWith('++') || word === '';
}

/** `read(2)` is the second pronunciation of `read`. */
function baseWord(word: string): string {
  return word.replace(/\(\d+\)$/, '');
}

/** One PocketSphinx decoder: loads the model once, then decodes any number of chunks. */
export class PocketSphinxDecoder {
  private readonly library: PocketSphinxLibrary;
  private config: bigint | null;
  private decoder: bigint | null;

  constructor(library: PocketSphinxLibrary, model: PocketSphinxModel) {
    this.library = library;
    this.config = library.createConfig({
      '-hmm': model.acousticModel,
      '-lm': model.languageModel,
      '-dict': model.dictionary,
      '-frate': String(FRAMES_PER_SECOND),
      '-logfn': '/dev/null',
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

  /** Decodes 16 kHz mono samples; word times are seconds from the first sample. */
  decode(samples: Int16Array): Utterance[] {
    const decoder = this.decoder;
    if (decoder === null) throw new SpeechEngineError('the PocketSphinx decoder was freed');
    const library = this.library;
    const check = (result: number, call: string): void => {
      if (result < 0) throw new SpeechEngineError(`PocketSphinx ${call} failed (${result})`);
    };
    // A new stream restarts frame numbers at 0, so times are relative to this chunk.
    check(library.startStream(decoder), 'ps_start_stream');
    check(library.startUtterance(decoder), 'ps_start_utt');
    const utterances: Utterance[] = [];
    let inUtterance = false;
    for (let offset = 0; offset < samples.length; offset += BLOCK_SAMPLES) {
      check(
        library.processRaw(decoder, samples.subarray(offset, offset + BLOCK_SAMPLES)),
        'ps_process_raw',
      );
      const inSpeech = library.inSpeech(decoder);
      if (inSpeech) inUtterance = true;
      if (!inSpeech && inUtterance) {
        check(library.endUtterance(decoder), 'ps_end_utt');
        utterances.push(this.readWords(decoder));
        check(library.startUtterance(decoder), 'ps_start_utt');
        inUtterance = false;
      }
    }
    check(library.endUtterance(decoder), 'ps_end_utt');
    if (inUtterance) utterances.push(this.readWords(decoder));
    return utterances.filter((utterance) => utterance.length > 0);
  }

  free(): void {
    if (this.decoder !== null) this.library.free(this.decoder);
    if (this.config !== null) this.library.freeConfig(this.config);
    this.decoder = null;
    this.config = null;
  }

  private readWords(decoder: bigint): Utterance {
    const words: Utterance = [];
    if (this.library.hypothesis(decoder) === null) return words;
    for (
      let segment = this.library.segmentIterator(decoder);
      segment !== null;
      segment = this.library.nextSegment(segment)
    ) {
      const word = this.library.segmentWord(segment);
      if (isFiller(word)) continue;
      const [startFrame, endFrame] = this.library.segmentFrames(segment);
      words.push({
        word: baseWord(word),
        start: startFrame / FRAMES_PER_SECOND,
        end: (endFrame + 1) / FRAMES_PER_SECOND,
      });
    }
    return words;
  }
}
