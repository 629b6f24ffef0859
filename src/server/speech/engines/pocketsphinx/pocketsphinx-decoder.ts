import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpeechEngineError } from '../speech-engine-error.js';
import { unigramArpa, vocabularyInterpolation } from './vocabulary-language-model.js';
import type { TimedWord } from '../group-words-into-segments.js';
import type { PocketSphinxModel } from './find-pocketsphinx-model.js';
import type { PocketSphinxLibrary } from './pocketsphinx-library.js';
import {
  BLOCK_SAMPLES,
  CEPSTRUM_SIZE,
  SpeechAnalyser,
  type SpeechAnalysis,
} from './speech-analysis.js';
import { FRAME_SAMPLES, VoiceOnsetTracker } from './voice-onsets.js';

const FRAMES_PER_SECOND = 100;

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

const dictionaries = new Map<string, string>();

/** The model's dictionary text, read once per thread, ending in a newline. */
function dictionaryText(dictionaryPath: string): string {
  let text = dictionaries.get(dictionaryPath);
  if (text === undefined) {
    text = readFileSync(dictionaryPath, 'utf8');
    if (!text.endsWith('\n')) text += '\n';
    dictionaries.set(dictionaryPath, text);
  }
  return text;
}

/** One PocketSphinx decoder: loads the model once, then decodes any number of chunks. */
export class PocketSphinxDecoder {
  private readonly library: PocketSphinxLibrary;
  private config: bigint | null;
  private decoder: bigint | null;
  /** The decoder's own live cepstral mean, or null when this sphinxbase build hides it. */
  private readonly cepstralMean: bigint | null;
  private analyser: SpeechAnalyser | undefined;
  /** Where utterances really start: see UtteranceClock. */
  private onsets: VoiceOnsetTracker | undefined;
  private readonly model: PocketSphinxModel;
  /** The model's starting mean (its `-cmninit`), as the decoder held it before any audio. */
  private readonly modelMean: Float32Array;

  constructor(library: PocketSphinxLibrary, model: PocketSphinxModel) {
    this.library = library;
    this.model = model;
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
    this.cepstralMean = library.decoderCepstralMean(this.decoder, CEPSTRUM_SIZE);
    this.modelMean =
      this.cepstralMean === null
        ? new Float32Array(CEPSTRUM_SIZE)
        : library.getCepstralMean(this.cepstralMean, CEPSTRUM_SIZE);
  }

  /** Whether each decode can start from a given cepstral mean instead of the last one it left. */
  get seedsCepstralMean(): boolean {
    return this.cepstralMean !== null;
  }

  /** Runs this decoder's front end alone over a whole recording: see SpeechAnalyser. */
  analyse(pcmPath: string): SpeechAnalysis {
    const decoder = this.decoder;
    if (decoder === null) throw new SpeechEngineError('the PocketSphinx decoder was freed');
    if (!this.analyser) {
      const config = this.library.decoderConfig(decoder);
      if (config === null) throw new SpeechEngineError('PocketSphinx has no configuration');
      this.analyser = new SpeechAnalyser(this.library, config, this.modelMean);
    }
    return this.analyser.analyse(pcmPath);
  }

  /**
   * Decodes 16 kHz mono samples; word times are seconds from the first sample. Every call starts a
   * new stream (fresh noise estimate); with `startMean`, the cepstral mean starts there too, so
   * the words depend on these samples alone and not on what this decoder heard before.
   */
  decode(samples: Int16Array, startMean?: Float32Array): Utterance[] {
    const decoder = this.decoder;
    if (decoder === null) throw new SpeechEngineError('the PocketSphinx decoder was freed');
    const library = this.library;
    const onsets = this.onsetTracker(decoder);
    const check = (result: number, call: string): void => {
      if (result < 0) throw new SpeechEngineError(`PocketSphinx ${call} failed (${result})`);
    };
    // A new stream restarts frame numbers at 0, so times are relative to this chunk.
    check(library.startStream(decoder), 'ps_start_stream');
    if (startMean?.length === CEPSTRUM_SIZE && this.cepstralMean !== null)
      library.setCepstralMean(this.cepstralMean, startMean);
    check(library.startUtterance(decoder), 'ps_start_utt');
    onsets.startStream();
    const utterances: Utterance[] = [];
    let clock = new UtteranceClock();
    let inUtterance = false;
    for (let offset = 0; offset < samples.length; offset += BLOCK_SAMPLES) {
      const block = samples.subarray(offset, offset + BLOCK_SAMPLES);
      check(library.processRaw(decoder, block), 'ps_process_raw');
      for (const onset of onsets.onsetsIn(block)) clock.onset(offset + onset);
      const inSpeech = library.inSpeech(decoder);
      if (inSpeech) inUtterance = true;
      if (!inSpeech && inUtterance) {
        check(library.endUtterance(decoder), 'ps_end_utt');
        utterances.push(this.readWords(decoder, clock));
        check(library.startUtterance(decoder), 'ps_start_utt');
        onsets.restartUtterance();
        clock = new UtteranceClock();
        inUtterance = false;
      }
    }
    check(library.endUtterance(decoder), 'ps_end_utt');
    if (inUtterance) utterances.push(this.readWords(decoder, clock));
    return utterances.filter((utterance) => utterance.length > 0);
  }

  /** Whether the dictionary holds this (lower-case) word. */
  knows(word: string): boolean {
    if (this.decoder === null) throw new SpeechEngineError('the PocketSphinx decoder was freed');
    return this.library.knowsWord(this.decoder, word);
  }

  /**
   * Teaches the decoder words with their phones (more than one pronunciation: `word(2)` keys),
   * each as likely as a unigram `weight` times the uniform share of the language model's
   * vocabulary, whatever the words before it. They stay until the decoder is freed: PocketSphinx
   * cannot forget a word. The words go in a model of their own interpolated with the n-gram model
   * (see PocketSphinxLibrary.addLanguageModel), and the dictionary is reloaded with them.
   */
  learnWords(pronunciations: ReadonlyMap<string, string>, weight: number): void {
    const decoder = this.decoder;
    if (decoder === null) throw new SpeechEngineError('the PocketSphinx decoder was freed');
    const words = [...new Set([...pronunciations.keys()].map(baseWord))];
    if (words.length === 0) return;
    const scale = this.library.languageModelScale(decoder);
    if (scale === null || !(scale.words > 0))
      throw new SpeechEngineError('PocketSphinx has no n-gram language model to add words to');
    const directory = mkdtempSync(path.join(tmpdir(), 'sonoscript-vocabulary-'));
    try {
      const arpaPath = path.join(directory, 'vocabulary.arpa');
      const dictionaryPath = path.join(directory, 'vocabulary.dict');
      writeFileSync(arpaPath, unigramArpa(words));
      writeFileSync(
        dictionaryPath,
        dictionaryText(this.model.dictionary) +
          [...pronunciations].map(([word, phones]) => `${word} ${phones}\n`).join(''),
      );
      const interpolation = vocabularyInterpolation(
        weight / scale.words,
        words.length,
        scale.languageWeight,
      );
      if (!this.library.addLanguageModel(decoder, arpaPath, 'vocabulary', interpolation))
        throw new SpeechEngineError(
          "PocketSphinx could not add the custom vocabulary's language model",
        );
      if (!this.library.loadDictionary(decoder, dictionaryPath))
        throw new SpeechEngineError(
          'PocketSphinx could not load the dictionary with the custom vocabulary',
        );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }

  free(): void {
    this.analyser?.free();
    this.analyser = undefined;
    this.onsets?.free();
    this.onsets = undefined;
    if (this.decoder !== null) this.library.free(this.decoder);
    if (this.config !== null) this.library.freeConfig(this.config);
    this.decoder = null;
    this.config = null;
  }

  private onsetTracker(decoder: bigint): VoiceOnsetTracker {
    if (!this.onsets) {
      const config = this.library.decoderConfig(decoder);
      if (config === null) throw new SpeechEngineError('PocketSphinx has no configuration');
      this.onsets = new VoiceOnsetTracker(this.library, config);
    }
    return this.onsets;
  }

  private readWords(decoder: bigint, clock: UtteranceClock): Utterance {
    const words: Utterance = [];
    if (this.library.hypothesis(decoder) === null) return words;
    const shift = clock.framesToFirstOnset();
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
        start: (startFrame - shift) / FRAMES_PER_SECOND,
        end: (endFrame + 1 - shift) / FRAMES_PER_SECOND,
        confidence: Math.round(this.library.segmentPosterior(decoder, segment) * 1000) / 1000,
      });
    }
    return words;
  }
}

/**
 * Where an utterance's frames are in the stream. PocketSphinx counts an utterance's frames from 0,
 * and ps_seg_frames adds the stream frame at which its voice activity detector last went from
 * silence to speech. The decoder, like pocketsphinx_continuous, looks at the detector once per
 * block, so a pause that ends inside a block (0.5 s the detector calls silence, then 0.1 s of
 * speech) goes unseen and the utterance runs on; but the origin has moved to that late onset, and
 * every word of the utterance, from its first, is stamped that much later: seconds, in
 * continuous speech, up to past the end of the chunk. The frames themselves stay contiguous: the
 * few frames of such a pause all come back from the detector's 0.2 s pre-speech buffer. Only the
 * origin is wrong, by the distance between the utterance's first onset and its last.
 */
class UtteranceClock {
  private firstOnset: number | undefined;
  private lastOnset: number | undefined;

  /** The detector went into speech after this many samples of the stream. */
  onset(sample: number): void {
    this.firstOnset ??= sample;
    this.lastOnset = sample;
  }

  /** How many frames PocketSphinx's origin for this utterance lies past its true one. */
  framesToFirstOnset(): number {
    if (this.firstOnset === undefined || this.lastOnset === undefined) return 0;
    return Math.round((this.lastOnset - this.firstOnset) / FRAME_SAMPLES);
  }
}
