import type { WordAligner } from '../word-aligner.js';
import type { PocketSphinxLibraryNames } from './pocketsphinx-library.js';
import { PocketSphinxWorkerPool } from './pocketsphinx-worker-pool.js';

/**
 * Forced alignment with PocketSphinx's US English acoustic model, on one thread of its own: the
 * thread and its model load at the first line to align, not at start-up.
 */
export class PocketSphinxWordAligner implements WordAligner {
  private readonly pool: PocketSphinxWorkerPool;

  constructor(options: { modelDirectory?: string; libraryNames?: PocketSphinxLibraryNames } = {}) {
    this.pool = new PocketSphinxWorkerPool(1, options);
  }

  align(samples: Int16Array, words: string[], signal?: AbortSignal) {
    return this.pool.align(samples, words, { signal });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
