import type { SpeechEngine, TranscribeOptions, TranscriptionResult } from '../engine.js';
import { groupWordsIntoSegments, type GroupWordsOptions } from '../group-words-into-segments.js';
import type { PocketSphinxLibraryNames } from './pocketsphinx-library.js';
import { PocketSphinxWorkerPool } from './pocketsphinx-worker-pool.js';

export interface PocketSphinxEngineOptions {
  /** Decoder threads, each holding its own model (~115 MB). */
  parallelism: number;
  /** Defaults to Debian's /usr/share/pocketsphinx/model/en-us. */
  modelDirectory?: string;
  libraryNames?: PocketSphinxLibraryNames;
  segments?: GroupWordsOptions;
}

/** Offline US English recognition with Debian's PocketSphinx, in worker threads. */
export class PocketSphinxEngine implements SpeechEngine {
  readonly name = 'pocketsphinx';
  readonly model = 'cmusphinx-en-us';
  readonly parallelism: number;
  readonly maxChunkSeconds = 60;
  private readonly pool: PocketSphinxWorkerPool;
  private readonly segmentOptions: GroupWordsOptions | undefined;

  constructor(options: PocketSphinxEngineOptions) {
    this.parallelism = Math.max(1, Math.floor(options.parallelism));
    this.segmentOptions = options.segments;
    this.pool = new PocketSphinxWorkerPool(this.parallelism, {
      modelDirectory: options.modelDirectory,
      libraryNames: options.libraryNames,
    });
  }

  /** Model loads so far: one per worker thread, however many chunks were decoded. */
  get modelLoads(): number {
    return this.pool.modelLoads;
  }

  /** Language and prompt hints are ignored: the model is US English with a fixed vocabulary. */
  async transcribe(pcm: Int16Array, options: TranscribeOptions = {}): Promise<TranscriptionResult> {
    const utterances = await this.pool.decode(pcm, options.signal);
    const segments = utterances.flatMap((words) =>
      groupWordsIntoSegments(words, this.segmentOptions),
    );
    return { text: segments.map((segment) => segment.text).join(' '), segments, language: 'en' };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

export function createPocketSphinxEngine(options: PocketSphinxEngineOptions): PocketSphinxEngine {
  return new PocketSphinxEngine(options);
}
