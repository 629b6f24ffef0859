import type { TimedWord } from '../../../../core/words.js';
import type { Utterance } from './pocketsphinx-decoder.js';
import type { PocketSphinxLibraryNames } from './pocketsphinx-library.js';
import type { SpeechAnalysis } from './speech-analysis.js';

/** What each worker receives at start. */
export interface PocketSphinxWorkerData {
  modelDirectory?: string;
  libraryNames?: PocketSphinxLibraryNames;
  /** How much likelier than the uniform share a learned vocabulary word is (LEARNED_WORD_WEIGHT). */
  learnedWordWeight?: number;
}

/** A piece of work for a decoder thread, before the pool numbers it. */
export type WorkerTask =
  | {
      type: 'decode';
      samples: Int16Array;
      startMean?: Float32Array;
      /** Custom vocabulary as dictionary words (vocabularyWords): the decoder learns those it lacks. */
      vocabularyWords?: string[];
    }
  | { type: 'analyse'; pcmPath: string }
  | { type: 'align'; samples: Int16Array; words: string[] };

export type WorkerRequest = (WorkerTask & { id: number }) | { type: 'close' };

/** A finished piece of work, before the pool matches it to its task. */
export type WorkerResult =
  | { type: 'decoded'; utterances: Utterance[] }
  | { type: 'analysed'; analysis: SpeechAnalysis }
  | { type: 'aligned'; words: (TimedWord | null)[] | null };

export type WorkerReply =
  | { type: 'ready'; loadMilliseconds: number; seedsCepstralMean: boolean }
  | { type: 'failed'; message: string }
  | (WorkerResult & { id: number })
  | { type: 'error'; id: number; message: string };
