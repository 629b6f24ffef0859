import type { SpeechTask } from '../../../core/languages.js';
import type { TimedWord } from '../../../core/words.js';
import type { PcmChunk } from '../audio/plan-chunks.js';

export interface TranscriptSegment {
  /**
   * Seconds. An engine counts from the start of the samples it was given; transcribeAudioFile
   * moves them to seconds from the start of the whole recording.
   */
  start: number;
  end: number;
  text: string;
  /** The words of `text` with their times (on the same clock) and confidence, where the engine gives them. */
  words?: TimedWord[];
}

export interface TranscriptionResult {
  text: string;
  segments: TranscriptSegment[];
  /** The language spoken (ISO 639-1), also when the text is a translation. */
  language?: string;
  /** Stretches whose text was dropped as made up (never silently: the transcript says so). */
  dropped?: DroppedStretch[];
}

/** Audio whose words the engine could not trust, so none were kept; seconds, like segments. */
export interface DroppedStretch {
  start: number;
  end: number;
  /** What gave the invention away, e.g. `repetition`, `no-speech`. */
  reasons: string[];
}

/** A chunk as an engine planned it, with what the engine wants back when it transcribes it. */
export interface PlannedChunk<ChunkState = unknown> extends PcmChunk {
  state?: ChunkState;
}

/**
 * Who is waiting for a piece of speech work. When work queues for a decoder, higher goes first;
 * equal priorities keep their arrival order.
 */
export const WORK_PRIORITY = {
  /** A free user's job. */
  standard: 0,
  /** A Pro user's job: the plan's "Priority processing". */
  priority: 1,
  /** Someone waits on the page for the answer (the free trial). */
  interactive: 2,
} as const;

export type WorkPriority = (typeof WORK_PRIORITY)[keyof typeof WORK_PRIORITY];

export interface PlanChunksRequest {
  maxChunkSeconds: number;
  /** The first chunk's own limit (see planChunks' firstChunkSeconds). */
  firstChunkSeconds?: number;
  signal?: AbortSignal;
  priority?: WorkPriority;
}

export interface TranscribeOptions<ChunkState = unknown> {
  /** ISO 639-1 code of the language spoken; unset: the engine detects it. */
  language?: string;
  /** `translate`: English text whatever was spoken (multilingual engines only). */
  task?: SpeechTask;
  /** Initial prompt or custom vocabulary, for engines that take one. */
  prompt?: string;
  /**
   * Custom vocabulary as the user typed it (names, brands, jargon), for engines that learn words
   * (PocketSphinx); engines with a prompt get it there instead.
   */
  vocabulary?: readonly string[];
  /** Text of the previous window of the same recording, for engines that carry context. */
  previousText?: string;
  /** From the engine's own planChunks, for this chunk. */
  chunkState?: ChunkState;
  signal?: AbortSignal;
  /** Engines that queue work (PocketSphinx threads, the whisper server) serve higher first. */
  priority?: WorkPriority;
}

export interface SpeechEngine<ChunkState = unknown> {
  readonly name: string;
  /** Model or variant that produced the text, recorded with each transcription. */
  readonly model: string;
  /**
   * Hears every language whisper knows (and translates them to English); false: English only.
   * Callers refuse other languages before the engine sees them (core/speech-capabilities.ts).
   */
  readonly multilingual: boolean;
  /** How many chunks this engine should be given at once. */
  readonly parallelism: number;
  /** Longest chunk this engine accepts in one call; the pipeline splits longer audio. */
  readonly maxChunkSeconds?: number;
  /**
   * Wants the chunks of one recording in order, one at a time, each with the previous chunk's
   * text (whisper): it uses it as a prompt and drops what it would repeat.
   */
  readonly carriesContext?: boolean;
  /**
   * Cuts a decoded recording (16 kHz mono s16le PCM file) into chunks the engine's own way.
   * Without it the pipeline cuts at the quietest places.
   */
  planChunks?(pcmPath: string, request: PlanChunksRequest): Promise<PlannedChunk<ChunkState>[]>;
  transcribe(
    pcm: Int16Array,
    options?: TranscribeOptions<ChunkState>,
  ): Promise<TranscriptionResult>;
  close(): Promise<void>;
}
