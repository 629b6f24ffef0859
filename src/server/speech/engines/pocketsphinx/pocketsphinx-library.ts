import koffi, { type LibraryHandle } from 'koffi';
import { SpeechEngineError } from '../speech-engine-error.js';

/** Pointers are BigInt in koffi 3; NULL comes back as null. */
type Pointer = bigint;

export interface PocketSphinxLibraryNames {
  sphinxbase: readonly string[];
  pocketsphinx: readonly string[];
}

/** Debian's libsphinxbase3 and libpocketsphinx3 (0.8+5prealpha), found on the loader path. */
export const DEFAULT_LIBRARY_NAMES: PocketSphinxLibraryNames = {
  sphinxbase: ['libsphinxbase.so.3', 'libsphinxbase.so'],
  pocketsphinx: ['libpocketsphinx.so.3', 'libpocketsphinx.so'],
};

export const INSTALL_HINT =
  'install the Debian packages pocketsphinx and pocketsphinx-en-us (apt-get install pocketsphinx pocketsphinx-en-us)';

/** The few PocketSphinx calls the decoder needs, typed. */
export interface PocketSphinxLibrary {
  createConfig(options: Record<string, string>): Pointer | null;
  freeConfig(config: Pointer): void;
  init(config: Pointer): Pointer | null;
  free(decoder: Pointer): void;
  startStream(decoder: Pointer): number;
  startUtterance(decoder: Pointer): number;
  processRaw(decoder: Pointer, samples: Int16Array): number;
  endUtterance(decoder: Pointer): number;
  inSpeech(decoder: Pointer): boolean;
  hypothesis(decoder: Pointer): string | null;
  segmentIterator(decoder: Pointer): Pointer | null;
  nextSegment(segment: Pointer): Pointer | null;
  segmentWord(segment: Pointer): string;
  /** Start and end frame, both inclusive. */
  segmentFrames(segment: Pointer): [number, number];
  /**
   * The word's posterior probability (0 to 1) in the utterance's lattice. 5prealpha computes it
   * when the best path is searched (`-bestpath yes`, the default); the log value is in the
   * decoder's own log base.
   */
  segmentPosterior(decoder: Pointer, segment: Pointer): number;
  /** Adds a JSGF grammar as a named search (forced alignment); false when it does not parse. */
  setGrammar(decoder: Pointer, name: string, jsgf: string): boolean;
  /** Switches the decoder to a named search (`_default` is the language model's). */
  useSearch(decoder: Pointer, name: string): boolean;
  /** Whether the dictionary can write this word. */
  knowsWord(decoder: Pointer, word: string): boolean;

  /** Whether the decoder's dictionary holds this word (ps_lookup_word). */
  knowsWord(decoder: Pointer, word: string): boolean;
  /**
   * Puts a second language model (ARPA file) beside the decoder's n-gram model, interpolated with
   * it at `weight` (0 to 1; the first model keeps 1 - weight). Each model scores only the words it
   * holds, with the decoder's language weight and word insertion penalty, so words the first model
   * lacks never reach its trie: words added to the trie after loading (ps_add_word,
   * ngram_model_add_word) have ids past the ones its bigram search expects, and with nine of
   * them a real clip crashed the process (segmentation fault in lm_trie_score). Takes effect with
   * the next loadDictionary. Meant for a set holding one model (the decoder's own).
   */
  addLanguageModel(decoder: Pointer, arpaPath: string, name: string, weight: number): boolean;
  /** The language weight (`-lw`) scores are scaled by, and how many words the n-gram model holds. */
  languageModelScale(decoder: Pointer): { languageWeight: number; words: number } | null;
  /** Replaces the dictionary by this file and rebuilds the searches over it (ps_load_dict). */
  loadDictionary(decoder: Pointer, dictionaryPath: string): boolean;

  /** The decoder's configuration, with the acoustic model's own front-end settings merged in. */
  decoderConfig(decoder: Pointer): Pointer | null;
  /**
   * The decoder's live cepstral mean normalisation, read out of its feature extractor. Null when
   * the library's structure is not the one expected (another build of sphinxbase).
   */
  decoderCepstralMean(decoder: Pointer, cepstrumSize: number): Pointer | null;

  /** A front end (framing, noise removal, voice activity detection, MFCC) like the decoder's. */
  createFrontEnd(config: Pointer): Pointer | null;
  freeFrontEnd(frontEnd: Pointer): void;
  startFrontEndStream(frontEnd: Pointer): void;
  startFrontEndUtterance(frontEnd: Pointer): void;
  endFrontEndUtterance(frontEnd: Pointer, cepstrumSize: number): void;
  /** Feeds samples; returns the frames it let through as speech (a native 2-D array) and their count. */
  frontEndFrames(frontEnd: Pointer, samples: Int16Array): { frames: Pointer | null; count: number };
  freeFrames(frames: Pointer): void;
  /** Frame `index` of a native 2-D frame array. */
  readFrame(frames: Pointer, index: number, cepstrumSize: number): number[];
  frontEndInSpeech(frontEnd: Pointer): boolean;

  /** A standalone live cepstral mean, updated the way the decoder updates its own. */
  createCepstralMean(cepstrumSize: number): Pointer | null;
  freeCepstralMean(mean: Pointer): void;
  accumulateCepstralMean(mean: Pointer, frames: Pointer, count: number): void;
  updateCepstralMean(mean: Pointer): void;
  getCepstralMean(mean: Pointer, cepstrumSize: number): Float32Array;
  setCepstralMean(mean: Pointer, values: Float32Array): void;
}

/**
 * Where Debian's sphinxbase 5prealpha (x86_64 and other LP64 systems) keeps the fields of
 * `feat_t` and `cmn_t` that no function exposes. Checked against the live decoder before use.
 */
const FEAT_LAYOUT = { cepsize: 16, nStream: 20, varnorm: 72, agc: 76, cmnStruct: 88 } as const;
const CMN_LAYOUT = { nframe: 24, veclen: 28 } as const;

function loadFirst(names: readonly string[]): LibraryHandle {
  const failures: string[] = [];
  for (const name of names) {
    try {
      return koffi.load(name);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new SpeechEngineError(
    `PocketSphinx could not be loaded from ${names.join(' or ')} (${failures.join('; ')}): ${INSTALL_HINT}`,
  );
}

export function loadPocketSphinxLibrary(
  names: PocketSphinxLibraryNames = DEFAULT_LIBRARY_NAMES,
): PocketSphinxLibrary {
  const sphinxbase = loadFirst(names.sphinxbase);
  const pocketsphinx = loadFirst(names.pocketsphinx);
  const pointer = koffi.pointer(koffi.opaque());
  const intOut = koffi.out(koffi.pointer('int'));

  const cmdLnInit = sphinxbase.func('cmd_ln_init', pointer, [pointer, pointer, 'int', '...']);
  const cmdLnFree = sphinxbase.func('cmd_ln_free_r', 'int', [pointer]);
  const psArgs = pocketsphinx.func('ps_args', pointer, []);
  const psInit = pocketsphinx.func('ps_init', pointer, [pointer]);
  const psFree = pocketsphinx.func('ps_free', 'int', [pointer]);
  const psStartStream = pocketsphinx.func('ps_start_stream', 'int', [pointer]);
  const psStartUtt = pocketsphinx.func('ps_start_utt', 'int', [pointer]);
  const psProcessRaw = pocketsphinx.func('ps_process_raw', 'int', [
    pointer,
    'const int16_t *',
    'size_t',
    'int',
    'int',
  ]);
  const psEndUtt = pocketsphinx.func('ps_end_utt', 'int', [pointer]);
  const psGetInSpeech = pocketsphinx.func('ps_get_in_speech', 'uint8_t', [pointer]);
  const psGetHyp = pocketsphinx.func('ps_get_hyp', 'const char *', [pointer, 'int32_t *']);
  const psSegIter = pocketsphinx.func('ps_seg_iter', pointer, [pointer]);
  const psSegNext = pocketsphinx.func('ps_seg_next', pointer, [pointer]);
  const psSegWord = pocketsphinx.func('ps_seg_word', 'const char *', [pointer]);
  const psSegFrames = pocketsphinx.func('ps_seg_frames', 'void', [pointer, intOut, intOut]);
  const psSegProb = pocketsphinx.func('ps_seg_prob', 'int32_t', [
    pointer,
    'int32_t *',
    'int32_t *',
    'int32_t *',
  ]);
  const psGetLogmath = pocketsphinx.func('ps_get_logmath', pointer, [pointer]);
  const logmathExp = sphinxbase.func('logmath_exp', 'double', [pointer, 'int']);
  const psSetJsgfString = pocketsphinx.func('ps_set_jsgf_string', 'int', [
    pointer,
    'const char *',
    'const char *',
  ]);
  const psSetSearch = pocketsphinx.func('ps_set_search', 'int', [pointer, 'const char *']);
  const psGetConfig = pocketsphinx.func('ps_get_config', pointer, [pointer]);
  const psLookupWord = pocketsphinx.func('ps_lookup_word', pointer, [pointer, 'const char *']);
  const psGetSearch = pocketsphinx.func('ps_get_search', 'const char *', [pointer]);
  const psGetLm = pocketsphinx.func('ps_get_lm', pointer, [pointer, 'const char *']);
  const ckdFree = sphinxbase.func('ckd_free', 'void', [pointer]);
  const ngramModelRead = sphinxbase.func('ngram_model_read', pointer, [
    pointer,
    'const char *',
    'int',
    pointer,
  ]);
  const ngramModelApplyWeights = sphinxbase.func('ngram_model_apply_weights', 'int', [
    pointer,
    'float',
    'float',
  ]);
  const ngramModelSetAdd = sphinxbase.func('ngram_model_set_add', pointer, [
    pointer,
    pointer,
    'const char *',
    'float',
    'int',
  ]);
  const ngramModelSetInterp = sphinxbase.func('ngram_model_set_interp', pointer, [
    pointer,
    pointer,
    pointer,
  ]);
  const ngramModelGetCounts = sphinxbase.func('ngram_model_get_counts', pointer, [pointer]);
  const cmdLnFloat = sphinxbase.func('cmd_ln_float_r', 'double', [pointer, 'const char *']);
  const psLoadDict = pocketsphinx.func('ps_load_dict', 'int', [
    pointer,
    'const char *',
    'const char *',
    'const char *',
  ]);
  const psGetFeat = pocketsphinx.func('ps_get_feat', pointer, [pointer]);

  const feInitAuto = sphinxbase.func('fe_init_auto_r', pointer, [pointer]);
  const feFree = sphinxbase.func('fe_free', 'int', [pointer]);
  const feStartStream = sphinxbase.func('fe_start_stream', 'void', [pointer]);
  const feStartUtt = sphinxbase.func('fe_start_utt', 'int', [pointer]);
  const feEndUtt = sphinxbase.func('fe_end_utt', 'int', [
    pointer,
    koffi.out('float *'),
    koffi.out(koffi.pointer('int32_t')),
  ]);
  const feProcessUtt = sphinxbase.func('fe_process_utt', 'int', [
    pointer,
    'const int16_t *',
    'size_t',
    koffi.out(koffi.pointer(pointer)),
    koffi.out(koffi.pointer('int32_t')),
  ]);
  const feGetVadState = sphinxbase.func('fe_get_vad_state', 'uint8_t', [pointer]);
  const ckdFree2d = sphinxbase.func('ckd_free_2d', 'void', [pointer]);
  const cmnInit = sphinxbase.func('cmn_init', pointer, ['int32_t']);
  const cmnFree = sphinxbase.func('cmn_free', 'void', [pointer]);
  const cmnLive = sphinxbase.func('cmn_live', 'void', [pointer, pointer, 'int32_t', 'int32_t']);
  const cmnLiveUpdate = sphinxbase.func('cmn_live_update', 'void', [pointer]);
  const cmnLiveGet = sphinxbase.func('cmn_live_get', 'void', [pointer, koffi.out('float *')]);
  const cmnLiveSet = sphinxbase.func('cmn_live_set', 'void', [pointer, 'const float *']);

  const asPointer = (value: unknown): Pointer | null =>
    typeof value === 'bigint' && value !== 0n ? value : null;
  const asNumber = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);

  return {
    createConfig(options) {
      const variadic = Object.entries(options).flatMap(([key, value]) => [
        'str',
        key,
        'str',
        value,
      ]);
      return asPointer(cmdLnInit(null, psArgs(), 1, ...variadic, 'str', null));
    },
    freeConfig: (config) => void cmdLnFree(config),
    init: (config) => asPointer(psInit(config)),
    free: (decoder) => void psFree(decoder),
    startStream: (decoder) => asNumber(psStartStream(decoder)),
    startUtterance: (decoder) => asNumber(psStartUtt(decoder)),
    processRaw: (decoder, samples) =>
      asNumber(psProcessRaw(decoder, samples, samples.length, 0, 0)),
    endUtterance: (decoder) => asNumber(psEndUtt(decoder)),
    inSpeech: (decoder) => asNumber(psGetInSpeech(decoder)) !== 0,
    hypothesis(decoder) {
      const text: unknown = psGetHyp(decoder, null);
      return typeof text === 'string' ? text : null;
    },
    segmentIterator: (decoder) => asPointer(psSegIter(decoder)),
    nextSegment: (segment) => asPointer(psSegNext(segment)),
    segmentWord(segment) {
      const word: unknown = psSegWord(segment);
      return typeof word === 'string' ? word : '';
    },
    segmentFrames(segment) {
      const start = [0];
      const end = [0];
      psSegFrames(segment, start, end);
      return [start[0] ?? 0, end[0] ?? 0];
    },
    segmentPosterior(decoder, segment) {
      const logPosterior = asNumber(psSegProb(segment, null, null, null));
      const probability = asNumber(logmathExp(psGetLogmath(decoder), logPosterior));
      return Number.isFinite(probability) ? Math.min(1, Math.max(0, probability)) : 0;
    },
    setGrammar: (decoder, name, jsgf) => asNumber(psSetJsgfString(decoder, name, jsgf)) === 0,
    useSearch: (decoder, name) => asNumber(psSetSearch(decoder, name)) === 0,

    knowsWord(decoder, word) {
      const pronunciation = asPointer(psLookupWord(decoder, word));
      if (pronunciation === null) return false;
      ckdFree(pronunciation);
      return true;
    },
    addLanguageModel(decoder, arpaPath, name, weight) {
      const search: unknown = psGetSearch(decoder);
      if (typeof search !== 'string') return false;
      const modelSet = asPointer(psGetLm(decoder, search));
      const config = asPointer(psGetConfig(decoder));
      if (modelSet === null || config === null) return false;
      const NGRAM_ARPA = 1;
      const model = asPointer(ngramModelRead(config, arpaPath, NGRAM_ARPA, psGetLogmath(decoder)));
      if (model === null) return false;
      ngramModelApplyWeights(model, cmdLnFloat(config, '-lw'), cmdLnFloat(config, '-wip'));
      // The set renormalises: the new model gets weight / (number of models), the others the rest.
      if (asPointer(ngramModelSetAdd(modelSet, model, name, weight * 2, 0)) === null) return false;
      // Interpolate all the set's models for every word, rather than use one of them.
      ngramModelSetInterp(modelSet, null, null);
      return true;
    },
    languageModelScale(decoder) {
      const search: unknown = psGetSearch(decoder);
      if (typeof search !== 'string') return null;
      const modelSet = asPointer(psGetLm(decoder, search));
      const config = asPointer(psGetConfig(decoder));
      if (modelSet === null || config === null) return null;
      const counts = asPointer(ngramModelGetCounts(modelSet));
      if (counts === null) return null;
      return {
        languageWeight: asNumber(cmdLnFloat(config, '-lw')),
        words: asNumber(koffi.decode(counts, 'uint32_t')),
      };
    },
    loadDictionary: (decoder, dictionaryPath) =>
      asNumber(psLoadDict(decoder, dictionaryPath, null, null)) === 0,

    decoderConfig: (decoder) => asPointer(psGetConfig(decoder)),
    decoderCepstralMean(decoder, cepstrumSize) {
      const feat = asPointer(psGetFeat(decoder));
      if (feat === null) return null;
      // Fields inside feat_t itself are safe to read; only follow the pointer when they match.
      const field = (offset: number): number => asNumber(koffi.decode(feat, offset, 'int32_t'));
      const layoutMatches =
        field(FEAT_LAYOUT.cepsize) === cepstrumSize &&
        field(FEAT_LAYOUT.nStream) >= 1 &&
        field(FEAT_LAYOUT.varnorm) === 0 &&
        field(FEAT_LAYOUT.agc) === 0;
      if (!layoutMatches) return null;
      const mean = asPointer(koffi.decode(feat, FEAT_LAYOUT.cmnStruct, pointer));
      if (mean === null) return null;
      const veclen = asNumber(koffi.decode(mean, CMN_LAYOUT.veclen, 'int32_t'));
      const frames = asNumber(koffi.decode(mean, CMN_LAYOUT.nframe, 'int32_t'));
      return veclen === cepstrumSize && frames >= 0 ? mean : null;
    },

    createFrontEnd: (config) => asPointer(feInitAuto(config)),
    freeFrontEnd: (frontEnd) => void feFree(frontEnd),
    startFrontEndStream: (frontEnd) => void feStartStream(frontEnd),
    startFrontEndUtterance: (frontEnd) => void feStartUtt(frontEnd),
    endFrontEndUtterance(frontEnd, cepstrumSize) {
      feEndUtt(frontEnd, new Float32Array(cepstrumSize), [0]);
    },
    frontEndFrames(frontEnd, samples) {
      const frames: unknown[] = [null];
      const count = [0];
      feProcessUtt(frontEnd, samples, samples.length, frames, count);
      return { frames: asPointer(frames[0]), count: count[0] ?? 0 };
    },
    freeFrames: (frames) => void ckdFree2d(frames),
    readFrame(frames, index, cepstrumSize) {
      const row = koffi.decode(frames, index * 8, pointer) as unknown;
      const rowPointer = asPointer(row);
      if (rowPointer === null) return [];
      return koffi.decode(rowPointer, 'float', cepstrumSize) as number[];
    },
    frontEndInSpeech: (frontEnd) => asNumber(feGetVadState(frontEnd)) !== 0,

    createCepstralMean: (cepstrumSize) => asPointer(cmnInit(cepstrumSize)),
    freeCepstralMean: (mean) => void cmnFree(mean),
    accumulateCepstralMean: (mean, frames, count) => void cmnLive(mean, frames, 0, count),
    updateCepstralMean: (mean) => void cmnLiveUpdate(mean),
    getCepstralMean(mean, cepstrumSize) {
      const values = new Float32Array(cepstrumSize);
      cmnLiveGet(mean, values);
      return values;
    },
    setCepstralMean: (mean, values) => void cmnLiveSet(mean, values),
  };
}
