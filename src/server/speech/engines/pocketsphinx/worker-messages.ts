import type { Utterance } from './pocketsphinx-decoder.js';
import type { PocketSphinxLibraryNames } from './pocketsphinx-library.js';

/** What each worker receives at start. */
export interface PocketSphinxWorkerData {
  modelDirectory?: string;
  libraryNames?: PocketSphinxLibraryNames;
}

export type WorkerRequest = { type: 'decode'; id: number; samples: Int16Array } | { type: 'close' };

export type WorkerReply =
  | { type: 'ready'; loadMilliseconds: number }
  | { type: 'failed'; message: string }
  | { type: 'decoded'; id: number; utterances: Utterance[] }
  | { type: 'error'; id: number; message: string };
