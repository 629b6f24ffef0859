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
}

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
  };
}
