import type { TranscriptionVerbose } from 'openai/resources/audio/transcriptions';
import type { TranslationVerbose } from 'openai/resources/audio/translations';
import OpenAI, { APIConnectionError, APIError, APIUserAbortError, toFile } from 'openai';
import { encodeWav } from '../../audio/encode-wav.js';
import {
  type SpeechEngine,
  type TranscribeOptions,
  type TranscriptSegment,
  type TranscriptionResult,
} from '../engine.js';
import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';
import { wordsIntoSegments } from './words-into-segments.js';
import { fitSegments } from '../fit-segments.js';
import { trimToVoice } from '../trim-to-voice.js';
import { VoiceActivity } from '../whisper/voice-activity.js';
import { SpeechEngineError } from '../speech-engine-error.js';
import { languageCodeOfName } from '../language-codes.js';

export interface OpenAiEngineOptions {
  /** Base URL including `/v1`, as the openai SDK expects: https://api.openai.com/v1, http://whisper:8000/v1. */
  apiUrl: string;
  /** Self-hosted servers often need none. */
  apiKey?: string;
  model: string;
  parallelism: number;
  /** Retries on 408/409/429/5xx and connection errors, with exponential backoff (the SDK's). */
  maxRetries?: number;
  timeoutMs?: number;
}

/** OpenAI's upload limit for /v1/audio/transcriptions. */
export const MAX_REQUEST_BYTES = 25 * 1024 * 1024;
const PLACEHOLDER_API_KEY = 'sonoscript-no-key';

/** Any OpenAI-compatible transcription endpoint: OpenAI, Groq, faster-whisper servers. */
export class OpenAiEngine implements SpeechEngine {
  readonly name = 'openai';
  /** OpenAI-compatible services are whisper behind an API: every language, and translations. */
  readonly multilingual = true;
  readonly model: string;
  readonly parallelism: number;
  readonly maxChunkSeconds = 60;
  private readonly client: OpenAI;
  private readonly apiUrl: string;

  constructor(options: OpenAiEngineOptions) {
    this.model = options.model;
    this.parallelism = Math.max(1, Math.floor(options.parallelism));
    this.apiUrl = options.apiUrl;
    this.client = new OpenAI({
      baseURL: options.apiUrl,
      apiKey: options.apiKey ?? PLACEHOLDER_API_KEY,
      maxRetries: options.maxRetries ?? 3,
      timeout: options.timeoutMs ?? 5 * 60_000,
    });
  }

  async transcribe(pcm: Int16Array, options: TranscribeOptions = {}): Promise<TranscriptionResult> {
    const wav = encodeWav(pcm);
    if (wav.length > MAX_REQUEST_BYTES) {
      throw new SpeechEngineError(
        `a ${wav.length}-byte chunk is over the ${MAX_REQUEST_BYTES}-byte limit of the transcription API`,
      );
    }
    try {
      const file = await toFile(wav, 'audio.wav', { type: 'audio/wav' });
      const prompt = options.prompt ? { prompt: options.prompt } : {};
      const response =
        options.task === 'translate'
          ? // The SDK's overloads lose verbose_json's type here; its answer is TranslationVerbose.
            ((await this.client.audio.translations.create(
              { file, model: this.model, response_format: 'verbose_json', ...prompt },
              { signal: options.signal },
            )) as TranslationVerbose)
          : await this.client.audio.transcriptions.create(
              {
                file,
                model: this.model,
                response_format: 'verbose_json',
                timestamp_granularities: ['word', 'segment'],
                ...(options.language ? { language: options.language } : {}),
                ...prompt,
              },
              { signal: options.signal },
            );
      const text = response.text.trim();
      const seconds = pcm.length / PCM_SAMPLE_RATE;
      // Whisper-style services time segments back to back (across pauses), overlapping, past
      // the end of the audio sent or at an instant: they are fitted inside this chunk in spoken
      // order, every word kept, then each is pulled in to the sound under it.
      const timed = wordsIntoSegments(
        (response.segments ?? []).map(({ start, end, text, avg_logprob }) => ({
          start,
          end,
          text,
          avg_logprob,
        })),
        options.task === 'translate' ? [] : ((response as TranscriptionVerbose).words ?? []),
      );
      const segments: TranscriptSegment[] = trimToVoice(
        fitSegments(timed, 0, seconds),
        new VoiceActivity(pcm),
      );
      // Some compatible servers omit segments; keep the text timed to the whole chunk.
      if (segments.length === 0 && text !== '') segments.push({ start: 0, end: seconds, text });
      // OpenAI-compatible services name the language ("english"); transcriptions store `en`.
      // A translation's answer names its target, English: the source is what was asked, if anything.
      const language =
        options.task === 'translate'
          ? options.language
          : (languageCodeOfName(response.language) ?? response.language);
      return { text, segments, ...(language ? { language } : {}) };
    } catch (error) {
      throw this.describe(error, options.signal);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private describe(error: unknown, signal: AbortSignal | undefined): unknown {
    if (error instanceof APIUserAbortError) return signal?.reason ?? error;
    if (error instanceof APIConnectionError) {
      return new SpeechEngineError(
        `The transcription service at ${this.apiUrl} could not be reached (${error.cause instanceof Error ? error.cause.message : error.message})`,
        { cause: error },
      );
    }
    if (error instanceof APIError) {
      return new SpeechEngineError(
        `The transcription service at ${this.apiUrl} answered ${error.status ?? 'with an error'}: ${error.message}`,
        { cause: error },
      );
    }
    return error;
  }
}

export function createOpenAiEngine(options: OpenAiEngineOptions): OpenAiEngine {
  return new OpenAiEngine(options);
}
