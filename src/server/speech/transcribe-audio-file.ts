import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeAudio } from './audio/decode-audio.js';
import { DEFAULT_MAX_CHUNK_SECONDS, planChunks } from './audio/plan-chunks.js';
import { readPcmRange } from './audio/read-pcm-range.js';
import type { AudioDemuxer } from './audio/sniff-audio-format.js';
import type {
  PlannedChunk,
  SpeechEngine,
  TranscriptSegment,
  WorkPriority,
} from './engines/engine.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import { stitchChunkResults } from './stitch-chunk-results.js';

export interface TranscribeAudioFileOptions {
  inputPath: string;
  /** From sniffAudioFile: ffmpeg never guesses the container. */
  demuxer: AudioDemuxer;
  /** Only this much audio from the start is decoded (the free plan's 30 s). */
  maxSeconds?: number;
  engine: SpeechEngine;
  /** The decoded PCM goes in a temporary folder here and is removed afterwards. */
  workDir: string;
  /** Whole percent, 0 to 100, as chunks complete. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Where this recording's work queues among other work for the engine (WORK_PRIORITY). */
  priority?: WorkPriority;
  language?: string;
  prompt?: string;
  maxChunkSeconds?: number;
  decodeTimeoutMs?: number;
}

export interface AudioTranscript {
  text: string;
  /** Seconds from the start of the recording, in order. */
  segments: TranscriptSegment[];
  language?: string;
  /** Length of the audio that was transcribed, after any truncation. */
  transcribedSeconds: number;
}

/** The job's pipeline: decode, split at silences, transcribe chunks in parallel, stitch. */
export async function transcribeAudioFile(
  options: TranscribeAudioFileOptions,
): Promise<AudioTranscript> {
  const { engine, signal, priority } = options;
  await mkdir(options.workDir, { recursive: true });
  const tempDir = await mkdtemp(path.join(options.workDir, 'transcribe-'));
  try {
    const decoded = await decodeAudio({
      inputPath: options.inputPath,
      demuxer: options.demuxer,
      outputPath: path.join(tempDir, 'audio.pcm'),
      maxSeconds: options.maxSeconds,
      timeoutMs: options.decodeTimeoutMs,
      signal,
    });
    const maxChunkSeconds = Math.min(
      options.maxChunkSeconds ?? DEFAULT_MAX_CHUNK_SECONDS,
      engine.maxChunkSeconds ?? Number.POSITIVE_INFINITY,
    );
    const chunks: PlannedChunk[] = engine.planChunks
      ? await engine.planChunks(decoded.pcmPath, { maxChunkSeconds, signal, priority })
      : await planChunks(decoded.pcmPath, { maxChunkSeconds });
    signal?.throwIfAborted();
    options.onProgress?.(0);
    let completed = 0;
    // Engines that carry context get the chunks in order, each with the text before it and
    // the language the first chunk was heard in.
    const carriesContext = engine.carriesContext === true;
    let previousText: string | undefined;
    let language = options.language;
    const concurrency = carriesContext ? 1 : engine.parallelism;
    const results = await mapWithConcurrency(chunks, concurrency, async (chunk) => {
      signal?.throwIfAborted();
      const samples = await readPcmRange(decoded.pcmPath, chunk);
      const result = await engine.transcribe(samples, {
        signal,
        priority,
        language,
        prompt: options.prompt,
        ...(chunk.state === undefined ? {} : { chunkState: chunk.state }),
        ...(carriesContext && previousText ? { previousText } : {}),
      });
      if (carriesContext) {
        if (result.text !== '') previousText = result.text;
        language ??= result.language;
      }
      completed += 1;
      options.onProgress?.(Math.round((completed / chunks.length) * 100));
      return result;
    });
    return { ...stitchChunkResults(chunks, results), transcribedSeconds: decoded.durationSeconds };
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
