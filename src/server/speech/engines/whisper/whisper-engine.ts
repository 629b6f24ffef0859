import { dtwPresetOf } from './dtw-preset.js';
import { availableParallelism } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { encodeWav } from '../../audio/encode-wav.js';
import { type SpeechEngine, type TranscribeOptions, type TranscriptionResult } from '../engine.js';
import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';
import { fitSegments } from '../fit-segments.js';
import { trimToVoice } from '../trim-to-voice.js';
import { SpeechEngineError } from '../speech-engine-error.js';
import { cleanWindowSegments } from './clean-window-segments.js';
import {
  DEFAULT_HALLUCINATION_LIMITS,
  type HallucinationLimits,
  type HallucinationSign,
  signsOfHallucination,
} from './hallucination-guard.js';
import { inspectWhisperModel, type WhisperModelInfo } from './inspect-whisper-model.js';
import { SerialQueue } from './serial-queue.js';
import { VoiceActivity } from './voice-activity.js';
import { buildWhisperPrompt } from './whisper-prompt.js';
import { languageCodeOfName, whisperLanguageCode } from '../language-codes.js';
import { modelNameOfFile } from './whisper-model-catalog.js';
import { parseWhisperAnswer, type WhisperServerAnswer } from './whisper-response.js';
import { findWhisperServer } from './whisper-server-binary.js';
import { WhisperServerProcess } from './whisper-server-process.js';

/** Whisper hears 30 seconds at a time; the pipeline cuts windows this long at silences. */
export const WHISPER_WINDOW_SECONDS = 30;

export interface WhisperEngineOptions {
  /** A ggml model file; it is checked before whisper.cpp sees it. */
  modelPath: string;
  /** CPU threads for whisper.cpp; default: the cores this process may use. */
  threads?: number;
  /** A whisper-server program other than the one scripts/build-whisper.mjs builds. */
  binaryPath?: string;
  /**
   * How much the temperature rises each time a window's answer looks made up (0.2, as
   * upstream), up to 1. 0 turns the retries off: a random model always decodes badly.
   */
  temperatureIncrement?: number;
  /** When an answer counts as made up (docs/decisions/0061); upstream whisper's by default. */
  hallucinationLimits?: HallucinationLimits;
  /** Longest a window may take: base + per second of audio. */
  timeout?: { baseMs: number; perAudioSecondMs: number };
  startTimeoutMs?: number;
  /** Told when whisper-server is restarted after a crash or a timeout. */
  onWarning?: (message: string) => void;
}

export interface WhisperTranscribeOptions extends TranscribeOptions {
  /** Text of the previous window of the same recording: prompt for this one, and checked for repeats. */
  previousText?: string;
}

const DEFAULT_TIMEOUT = { baseMs: 60_000, perAudioSecondMs: 10_000 };
/** After a failed request, how long to wait for the child's exit to tell a crash apart. */
const EXIT_GRACE_MS = 1_000;

/**
 * whisper.cpp in a sidecar whisper-server process: the model is loaded once and stays loaded;
 * windows are sent one at a time (whisper.cpp runs one inference at a time and uses every
 * thread for it). A crash or a timeout costs that window, and the next one restarts the server.
 */
export class WhisperEngine implements SpeechEngine {
  readonly name = 'whisper';
  readonly model: string;
  readonly parallelism = 1;
  readonly maxChunkSeconds = WHISPER_WINDOW_SECONDS;
  /** Give it windows in order with `previousText`, as whisper was trained to hear them. */
  readonly carriesContext = true;
  readonly multilingual: boolean;
  readonly threads: number;
  private server: WhisperServerProcess | undefined;
  private starting: Promise<WhisperServerProcess> | undefined;
  private closed = false;
  private readonly queue = new SerialQueue();
  private readonly timeout: { baseMs: number; perAudioSecondMs: number };

  constructor(
    readonly modelInfo: WhisperModelInfo,
    private readonly binaryPath: string,
    private readonly options: WhisperEngineOptions,
  ) {
    this.model = modelNameOfFile(modelInfo.path);
    this.multilingual = modelInfo.multilingual;
    this.threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT;
  }

  /** The running whisper-server's process id, for logs and tests. */
  get processId(): number | undefined {
    return this.server?.running ? this.server.pid : undefined;
  }

  /** Starts whisper-server and waits until the model is loaded. */
  async start(): Promise<void> {
    await this.runningServer();
  }

  async transcribe(
    pcm: Int16Array,
    options: WhisperTranscribeOptions = {},
  ): Promise<TranscriptionResult> {
    options.signal?.throwIfAborted();
    if (this.closed) throw new SpeechEngineError('the whisper engine has been closed');
    const fixedLanguage = this.modelInfo.multilingual ? undefined : 'en';
    const voice = new VoiceActivity(pcm);
    // Whisper invents text for silence; there is nothing to hear, so nothing to ask.
    if (voice.silent) return { text: '', segments: [], ...languageField(fixedLanguage) };

    const seconds = pcm.length / PCM_SAMPLE_RATE;
    let signs: HallucinationSign[] = [];
    let answer: WhisperServerAnswer | undefined;
    for (const temperature of this.temperatures()) {
      answer = await this.queue.run(
        () => this.request(pcm, options, temperature),
        options.signal,
        options.priority,
      );
      signs = signsOfHallucination(answer.scored, this.limits);
      if (signs.length === 0) break;
    }
    // Never English text passed off as a translation, or a transcript as one.
    const task = options.task ?? 'transcribe';
    if (answer?.task !== undefined && answer.task !== task) {
      throw new SpeechEngineError(
        `whisper-server answered a ${answer.task} request for a ${task} one (model ${this.model})`,
      );
    }
    if (!answer || signs.length > 0) {
      return {
        text: '',
        segments: [],
        dropped: [{ start: 0, end: seconds, reasons: signs }],
        ...languageField(fixedLanguage ?? languageCodeOfName(answer?.language)),
      };
    }
    // whisper.cpp times segments back to back, across pauses, overlapping and past the window's
    // end: they are fitted inside the window in spoken order, then each is pulled in to the
    // sound under it (trimming only shrinks, so the order holds).
    const heard = cleanWindowSegments({
      segments: answer.segments,
      voice,
      previousText: options.previousText,
    });
    const segments = trimToVoice(fitSegments(heard, 0, seconds), voice);
    const language = fixedLanguage ?? languageCodeOfName(answer.language);
    return {
      text: segments.map((segment) => segment.text).join(' '),
      segments,
      ...languageField(language),
    };
  }

  /**
   * The language spoken in a window (ISO 639-1), from whisper's language token alone: one pass of
   * the encoder and one decoder step, no text. Undefined for silence or an English-only model.
   */
  async detectLanguage(
    pcm: Int16Array,
    options: Pick<TranscribeOptions, 'signal' | 'priority'> = {},
  ): Promise<string | undefined> {
    if (!this.multilingual) return undefined;
    if (new VoiceActivity(pcm).silent) return undefined;
    const answer = await this.queue.run(
      () => this.request(pcm, { ...options, detectOnly: true }, 0),
      options.signal,
      options.priority,
    );
    return languageCodeOfName(answer.language);
  }

  async close(): Promise<void> {
    this.closed = true;
    const server = this.server ?? (await this.starting?.catch(() => undefined));
    await server?.stop();
  }

  private async runningServer(): Promise<WhisperServerProcess> {
    if (this.server?.running) return this.server;
    this.starting ??= WhisperServerProcess.start({
      binaryPath: this.binaryPath,
      modelPath: this.modelInfo.path,
      threads: this.threads,
      language: this.modelInfo.multilingual ? 'auto' : 'en',
      dtw: dtwPresetOf(this.modelInfo),
      startTimeoutMs: this.options.startTimeoutMs,
    }).finally(() => (this.starting = undefined));
    this.server = await this.starting;
    if (this.closed) await this.server.stop();
    return this.server;
  }

  private get limits(): HallucinationLimits {
    return this.options.hallucinationLimits ?? DEFAULT_HALLUCINATION_LIMITS;
  }

  /** 0, then one step higher for each retry, up to 1 (temperature fallback, as upstream). */
  private temperatures(): number[] {
    const step = this.options.temperatureIncrement ?? 0.2;
    if (step <= 0) return [0];
    const ladder: number[] = [];
    for (let index = 0; index * step <= 1 + 1e-9; index += 1)
      ladder.push(Math.round(index * step * 100) / 100);
    return ladder;
  }

  private async request(
    pcm: Int16Array,
    options: WhisperTranscribeOptions & { detectOnly?: boolean },
    temperature: number,
  ): Promise<WhisperServerAnswer> {
    if (this.server && !this.server.running) {
      this.options.onWarning?.('whisper-server had stopped; starting it again');
    }
    const server = await this.runningServer();
    const seconds = pcm.length / PCM_SAMPLE_RATE;
    const timeoutMs = Math.round(this.timeout.baseMs + seconds * this.timeout.perAudioSecondMs);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const crashed = server.exited.then((exit) => {
      throw new SpeechEngineError(
        `whisper-server stopped during a ${seconds.toFixed(1)} s window (${server.describeExit(exit)}); last output: ${server.lastOutput()}`,
      );
    });
    try {
      const call = fetch(`${server.baseUrl}/inference`, {
        method: 'POST',
        body: this.form(pcm, options, temperature),
        signal,
      }).then(async (response) => ({ response, body: await response.text() }));
      const { response, body } = await Promise.race([call, crashed]);
      if (!response.ok) {
        throw new SpeechEngineError(
          `whisper-server answered ${response.status}: ${body.slice(0, 300)}`,
        );
      }
      return parseWhisperAnswer(JSON.parse(body));
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.aborted) {
        // whisper.cpp may be stuck in native code: only a kill is sure to free the model.
        server.kill();
        await server.exited;
        throw new SpeechEngineError(
          `whisper.cpp took over ${formatDuration(timeoutMs)} on a ${seconds.toFixed(1)} s window; it was stopped and restarts with the next window`,
        );
      }
      if (error instanceof SpeechEngineError) throw error;
      // A connection reset usually means the child died: wait briefly to say so.
      await Promise.race([crashed, delay(EXIT_GRACE_MS)]);
      throw new SpeechEngineError(
        `whisper-server failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    } finally {
      crashed.catch(() => undefined);
    }
  }

  private form(
    pcm: Int16Array,
    options: WhisperTranscribeOptions & { detectOnly?: boolean },
    temperature: number,
  ): FormData {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(encodeWav(pcm))], { type: 'audio/wav' }),
      'window.wav',
    );
    form.append('response_format', 'verbose_json');
    form.append(
      'language',
      this.multilingual ? (whisperLanguageCode(options.language) ?? 'auto') : 'en',
    );
    if (this.multilingual && options.task === 'translate') form.append('translate', 'true');
    if (options.detectOnly) form.append('detect_language', 'true');
    const prompt = buildWhisperPrompt(options.prompt, options.previousText);
    if (prompt) form.append('prompt', prompt);
    // The engine runs the fallback itself, so it can judge each answer by every sign
    // (whisper.cpp's own checks neither compression ratio nor no-speech probability).
    form.append('temperature', String(temperature));
    form.append('temperature_inc', '0');
    // whisper.cpp otherwise drops no-speech segments itself, unseen: the guard decides.
    form.append('no_speech_thold', '1');
    form.append('suppress_nst', 'true');
    form.append('no_language_probabilities', 'true');
    return form;
  }
}

const formatDuration = (ms: number): string =>
  ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;

const languageField = (language: string | undefined): { language?: string } =>
  language ? { language } : {};

/**
 * Checks the model file, finds whisper-server and starts it with the model loaded. Throws
 * WhisperModelError (names the file and the fixing command) or SpeechEngineError.
 */
export async function startWhisperEngine(options: WhisperEngineOptions): Promise<WhisperEngine> {
  const modelInfo = await inspectWhisperModel(options.modelPath);
  const binaryPath = await findWhisperServer(options.binaryPath);
  const engine = new WhisperEngine(modelInfo, binaryPath, options);
  await engine.start();
  return engine;
}
