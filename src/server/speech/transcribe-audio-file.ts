import type { SpeechTask } from '../../core/languages.js';
import { speechAudioSeconds, speechRealTimeFactor } from '../metrics/metrics-registry.js';
import { vocabularyPrompt } from './vocabulary-prompt.js';
import { AudioProgress } from './audio-progress.js';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeAudio } from './audio/decode-audio.js';
import { PCM_SAMPLE_RATE } from './audio/pcm-format.js';
import { denoisePcmFile } from './audio/denoise-pcm.js';
import { type DenoiseSetting, wantsDenoise } from './audio/denoise-setting.js';
import { DEFAULT_MAX_CHUNK_SECONDS, FIRST_CHUNK_SECONDS, planChunks } from './audio/plan-chunks.js';
import { readPcmRange } from './audio/read-pcm-range.js';
import type { AudioDemuxer } from './audio/sniff-audio-format.js';
import type {
  DroppedStretch,
  PlannedChunk,
  SpeechEngine,
  TranscriptSegment,
  TranscriptionResult,
  WorkPriority,
} from './engines/engine.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import { assertRoomForDecodedAudio } from './room-for-decoded-audio.js';
import { stitchChunkResults } from './stitch-chunk-results.js';
import { keepSpeech } from './vad/keep-speech.js';
import { muteNonSpeech } from './vad/mute-non-speech.js';
import { sileroSpeechDetector } from './vad/silero-speech-detector.js';
import { holdsSpeech } from './vad/snap-to-speech.js';
import type { SpeechDetector, SpeechRegion } from './vad/speech-region.js';

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
  /**
   * Whole percent, 0 to 100, about every second while the audio is worked on: how much of the
   * audio is done, with the chunks in the engine estimated at its measured speed (AudioProgress).
   */
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
  /** ISO 639-1 code of the language spoken; unset: the engine detects it. */
  language?: string;
  /** `translate`: English text, `language` still the language spoken. */
  task?: SpeechTask;
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
  /** Noise suppression before recognition (docs/decisions/0060); `auto` when not given. */
  denoise?: DenoiseSetting;
  /** Finds the speech; only speech is recognised (docs/decisions/0059). Silero VAD by default. */
  speechDetector?: SpeechDetector;
}

export interface AudioTranscript {
  text: string;
  /** Seconds from the start of the recording, in order. */
  segments: TranscriptSegment[];
  language?: string;
  /** Length of the audio that was transcribed, after any truncation. */
  transcribedSeconds: number;
  /** Where speech was found; everything else was silenced before the engine heard it. */
  speechRegions: SpeechRegion[];
  /** Whether the noise suppressor ran on this recording. */
  denoised: boolean;
  /** Audio whose words the engine dropped as made up, in seconds from the start, in order. */
  dropped: DroppedStretch[];
}

const DENOISE_TIMEOUT_MS = 15 * 60_000;
const PROGRESS_EVERY_MS = 1000;
/** How far along the preparation is once the audio is decoded; speech detection is the rest. */
const DECODED_SHARE = 0.3;
/** The real-time factor of a whole file, decoding to stitching, per engine (GET /metrics). */
function recordSpeechSpeed(engine: string, audioSeconds: number, elapsedMs: number): void {
  if (audioSeconds <= 0) return;
  speechRealTimeFactor.observe({ engine }, elapsedMs / 1000 / audioSeconds);
  speechAudioSeconds.inc({ engine }, audioSeconds);
}

const toMilliseconds = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * The job's pipeline: decode, find the speech, denoise when wanted, silence all that is not
 * speech, split at silences, transcribe the chunks that hold speech in parallel, stitch.
 */
export async function transcribeAudioFile(
  options: TranscribeAudioFileOptions,
): Promise<AudioTranscript> {
  const { engine, signal, priority } = options;
  await mkdir(options.workDir, { recursive: true });
  const tempDir = await mkdtemp(path.join(options.workDir, 'transcribe-'));
  let ticker: ReturnType<typeof setInterval> | undefined;
  const startedAt = performance.now();
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
    const progress = new AudioProgress(decoded.sampleCount, `${engine.name} ${engine.model ?? ''}`);
    const report = (): void => options.onProgress?.(Math.floor(progress.percent()));
    report();
    ticker = options.onProgress ? setInterval(report, PROGRESS_EVERY_MS) : undefined;
    progress.prepared(DECODED_SHARE);
    // The detector hears the audio as it came: the denoiser must not decide what is speech.
    const detector = options.speechDetector ?? sileroSpeechDetector;
    const speechRegions = await detector.detectInFile(decoded.pcmPath, signal, (fraction) =>
      progress.prepared(DECODED_SHARE + (1 - DECODED_SHARE) * fraction),
    );
    signal?.throwIfAborted();
    const denoised = await wantsDenoise(options.denoise ?? 'auto', decoded.pcmPath);
    if (denoised)
      await denoisePcmFile(decoded.pcmPath, {
        timeoutMs: options.decodeTimeoutMs ?? DENOISE_TIMEOUT_MS,
        signal,
      });
    await muteNonSpeech(decoded.pcmPath, speechRegions, decoded.sampleCount);
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
      const chunkSamples = chunk.endSample - chunk.startSample;
      const spoken = holdsSpeech(speechRegions, chunk.startSample, chunk.endSample);
      if (spoken) progress.chunkStarted(index, chunkSamples);
      const result = spoken
        ? keepSpeech(await transcribeChunk(samples, chunk), chunk, speechRegions)
        : { text: '', segments: [] };
      progress.chunkFinished(index, chunkSamples, spoken);
      if (carriesContext) {
        if (result.text !== '') previousText = result.text;
        language ??= result.language;
      }
      finished[index] = result;
      showTranscriptSoFar();
      report();
      return result;
    });
    recordSpeechSpeed(engine.name, decoded.durationSeconds, performance.now() - startedAt);
    return {
      ...stitchChunkResults(chunks, results),
      transcribedSeconds: decoded.durationSeconds,
      speechRegions,
      denoised,
      dropped: chunks.flatMap((chunk, index) =>
        (results[index]?.dropped ?? []).map((stretch) => ({
          ...stretch,
          start: toMilliseconds(chunk.startSample / PCM_SAMPLE_RATE + stretch.start),
          end: toMilliseconds(chunk.startSample / PCM_SAMPLE_RATE + stretch.end),
        })),
      ),
    };

    async function transcribeChunk(
      samples: Int16Array,
      chunk: PlannedChunk,
    ): Promise<TranscriptionResult> {
      return engine.transcribe(samples, {
        signal,
        priority,
        language,
        ...(options.task ? { task: options.task } : {}),
        prompt,
        ...vocabulary,
        ...(chunk.state === undefined ? {} : { chunkState: chunk.state }),
        ...(carriesContext && previousText ? { previousText } : {}),
      });
    }
  } finally {
    clearInterval(ticker);
    await rm(tempDir, { recursive: true, force: true });
  }
}
