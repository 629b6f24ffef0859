import type { SpeechEngine, TranscribeOptions, TranscriptionResult } from '../engine.js';
import { whisperLanguageCode } from '../language-codes.js';
import type { WhisperEngine } from './whisper-engine.js';
import { WHISPER_WINDOW_SECONDS } from './whisper-engine.js';

/**
 * Two whisper models of one size as one engine (docs/decisions/0053): the multilingual model
 * hears which language is spoken and transcribes or translates every language but English, which
 * goes to the English-only model, more accurate on English. The pipeline passes the first
 * window's language on to the next ones, so a recording is detected once.
 */
export class LanguageRoutedWhisper implements SpeechEngine {
  readonly name = 'whisper';
  readonly multilingual = true;
  readonly parallelism = 1;
  readonly maxChunkSeconds = WHISPER_WINDOW_SECONDS;
  readonly carriesContext = true;
  readonly model: string;

  constructor(
    private readonly everyLanguage: WhisperEngine,
    private readonly english: WhisperEngine,
  ) {
    this.model = `${everyLanguage.model}+${english.model}`;
  }

  /** The models this engine runs, by name (`GET /v1/models`). */
  get models(): string[] {
    return [this.everyLanguage.model, this.english.model];
  }

  async transcribe(pcm: Int16Array, options: TranscribeOptions = {}): Promise<TranscriptionResult> {
    if (options.task === 'translate') return this.everyLanguage.transcribe(pcm, options);
    const language =
      whisperLanguageCode(options.language) ??
      (await this.everyLanguage.detectLanguage(pcm, options));
    if (language === 'en') return this.english.transcribe(pcm, { ...options, language });
    return this.everyLanguage.transcribe(pcm, language ? { ...options, language } : options);
  }

  async close(): Promise<void> {
    await Promise.all([this.everyLanguage.close(), this.english.close()]);
  }
}
