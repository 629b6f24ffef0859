import { vocabularyPrompt } from './vocabulary-prompt.js';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeAudio } from './audio/decode-audio.js';
import { DEFAULT_MAX_CHUNK_SECONDS, FIRST_CHUNK_SECONDS, planChunks } from './audio/plan-chunks.js';
import { readPcmRange } from './audio/read-pcm-range.js';
import type { AudioDemuxer } from './audio/sniff-audio-format.js';
import type {
  PlannedChunk,
  SpeechEngine,
  TranscriptSegment,
  TranscriptionResult,
  WorkPriority,
} from './engines/engine.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import { assertRoomForDecodedAudio } from './room-for-decoded-audio.js';
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
  /**
   * Decoding does not start unless the PCM for `maxSeconds` leaves this much of the disk free
   * (DiskFullError), so a long file cannot fill it.
   */
  minFreeDiskBytes?: number;
  /** Whole percent, 0 to 100, as chunks complete. */
  onProgress?: (percent: number) => void;
  /**
   * The transcript so far, each time it grows: the chunks finished from the start of the recording
   * without a gap (a chunk that finishes early waits for those before it), so what it gives is
   * always the beginning of the final transcript.
   */
  onTranscriptSoFar?: (soFar: { text: string; segments: TranscriptSegment[] }) => void;
  signal?: AbortSignal;
  /** Where this recording's work queues among other work for the engine (WORK_PRIORITY). */
  priority?: WorkPriority;
  language?: string;
  /** A prompt for engines that take one; without it, whisper reads the vocabulary as its prompt. */
  prompt?: string;
  /** Custom vocabulary, as typed: the upload's own terms first, then the account's. */
  vocabulary?: readonly string[];
  maxChunkSeconds?: number;
  /** The first chunk's limit, so the first words come soon (defaults to FIRST_CHUNK_SECONDS). */
  firstChunkSeconds?: number;
  decodeTimeoutMs?: number;
  /**
   * Each chunk's samples as they are read for the engine (in any order, each once), with where
   * they start in the recording: speaker detection gathers its features here.
   */
  onChunkAudio?: (startSample: number, samples: Int16Array) => void;
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
    if (options.minFreeDiskBytes !== undefined)
      await assertRoomForDecodedAudio(tempDir, options.maxSeconds, options.minFreeDiskBytes);
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
    const firstChunkSeconds = options.firstChunkSeconds ?? FIRST_CHUNK_SECONDS;
    const chunks: PlannedChunk[] = engine.planChunks
      ? await engine.planChunks(decoded.pcmPath, {
          maxChunkSeconds,
          firstChunkSeconds,
          signal,
          priority,
        })
      : await planChunks(decoded.pcmPath, { maxChunkSeconds, firstChunkSeconds });
    signal?.throwIfAborted();
    options.onProgress?.(0);
    let completed = 0;
    const finished: Array<TranscriptionResult | undefined> = [];
    let shownChunks = 0;
    const showTranscriptSoFar = (): void => {
      let ready = shownChunks;
      while (ready < chunks.length && finished[ready]) ready += 1;
      if (ready === shownChunks) return;
      shownChunks = ready;
      const soFar = stitchChunkResults(
        chunks.slice(0, ready),
        finished.slice(0, ready) as TranscriptionResult[],
      );
      options.onTranscriptSoFar?.({ text: soFar.text, segments: soFar.segments });
    };
    // Engines that carry context get the chunks in order, each with the text before it and
    // the language the first chunk was heard in.
    const carriesContext = engine.carriesContext === true;
    let previousText: string | undefined;
    let language = options.language;
    const concurrency = carriesContext ? 1 : engine.parallelism;
    const prompt = options.prompt ?? vocabularyPrompt(options.vocabulary);
    const vocabulary = options.vocabulary?.length ? { vocabulary: options.vocabulary } : {};
    const results = await mapWithConcurrency(chunks, concurrency, async (chunk, index) => {
      signal?.throwIfAborted();
      const samples = await readPcmRange(decoded.pcmPath, chunk);
      options.onChunkAudio?.(chunk.startSample, samples);
      const result = await engine.transcribe(samples, {
        signal,
        priority,
        language,
        prompt,
        ...vocabulary,
        ...(chunk.state === undefined ? {} : { chunkState: chunk.state }),
        ...(carriesContext && previousText ? { previousText } : {}),
      });
      if (carriesContext) {
        if (result.text !== '') previousText = result.text;
        language ??= result.language;
      }
      completed += 1;
      finished[index] = result;
      showTranscriptSoFar();
      options.onProgress?.(Math.round((completed / chunks.length) * 100));
      return result;
    });
    return { ...stitchChunkResults(chunks, results), transcribedSeconds: decoded.durationSeconds };
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
