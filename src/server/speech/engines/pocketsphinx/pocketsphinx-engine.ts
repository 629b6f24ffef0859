import { measureFrameEnergy, planChunksFromEnergy } from '../../audio/plan-chunks.js';
import type {
  PlanChunksRequest,
  PlannedChunk,
  SpeechEngine,
  TranscribeOptions,
  TranscriptionResult,
} from '../engine.js';
import { groupWordsIntoSegments, type GroupWordsOptions } from '../group-words-into-segments.js';
import type { PocketSphinxLibraryNames } from './pocketsphinx-library.js';
import { PocketSphinxWorkerPool } from './pocketsphinx-worker-pool.js';
import { spellAsTyped, vocabularyWords } from './vocabulary-words.js';
import { BLOCK_SAMPLES, cepstralMeanAt } from './speech-analysis.js';

/** Where a chunk's decoding starts: the cepstral mean the decoder holds there in a whole-file decode. */
export interface PocketSphinxChunkState {
  cepstralMean: Float32Array;
}

export interface PocketSphinxEngineOptions {
  /** Decoder threads, each holding its own model (~115 MB). */
  parallelism: number;
  /** Defaults to Debian's /usr/share/pocketsphinx/model/en-us. */
  modelDirectory?: string;
  libraryNames?: PocketSphinxLibraryNames;
  segments?: GroupWordsOptions;
  /** How much likelier than the uniform share a learned vocabulary word is (for benchmarks). */
  learnedWordWeight?: number;
}

/** Offline US English recognition with Debian's PocketSphinx, in worker threads. */
export class PocketSphinxEngine implements SpeechEngine<PocketSphinxChunkState> {
  readonly name = 'pocketsphinx';
  /** Debian's model knows US English only. */
  readonly multilingual = false;
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
      learnedWordWeight: options.learnedWordWeight,
    });
  }

  /** Model loads so far: one per worker thread, however many chunks were decoded. */
  get modelLoads(): number {
    return this.pool.modelLoads;
  }

  /** Whether chunks start from their planned cepstral mean (false on an unknown sphinxbase build). */
  get seedsCepstralMean(): boolean | undefined {
    return this.pool.seedsCepstralMean;
  }

  /**
   * Cuts where PocketSphinx's own voice activity detector ends an utterance (or, in long unbroken
   * speech, at the quietest place), on its 2048-sample read grid, and gives each chunk the
   * cepstral mean a decoder would hold there: every chunk decodes alone, in any order, on any
   * thread, almost exactly as it would inside one whole-file decode.
   */
  async planChunks(
    pcmPath: string,
    request: PlanChunksRequest,
  ): Promise<PlannedChunk<PocketSphinxChunkState>[]> {
    const [energy, analysis] = await Promise.all([
      measureFrameEnergy(pcmPath),
      this.pool.analyse(pcmPath, { signal: request.signal, priority: request.priority }),
    ]);
    const chunks = planChunksFromEnergy(energy.frameEnergy, energy.sampleCount, {
      maxChunkSeconds: request.maxChunkSeconds,
      firstChunkSeconds: request.firstChunkSeconds,
      gridSamples: BLOCK_SAMPLES,
      preferredCuts: analysis.utteranceEnds,
    });
    return chunks.map((chunk) => ({
      ...chunk,
      state: { cepstralMean: cepstralMeanAt(analysis, chunk.startSample) },
    }));
  }

  /**
   * Language and prompt hints are ignored: the model is US English. Custom vocabulary is learned:
   * the decoder adds the words its dictionary lacks, and terms come back spelled as typed.
   */
  async transcribe(
    pcm: Int16Array,
    options: TranscribeOptions<PocketSphinxChunkState> = {},
  ): Promise<TranscriptionResult> {
    const terms = options.vocabulary ?? [];
    const utterances = await this.pool.decode(pcm, {
      startMean: options.chunkState?.cepstralMean,
      signal: options.signal,
      priority: options.priority,
      vocabularyWords: vocabularyWords(terms),
    });
    const segments = utterances.flatMap((words) =>
      groupWordsIntoSegments(spellAsTyped(words, terms), this.segmentOptions),
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
