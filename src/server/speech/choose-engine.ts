import { createSpeechEngine } from './engines/create-speech-engine.js';
import type { SpeechEngine } from './engines/engine.js';
import { findWhisperModel } from './engines/whisper/find-whisper-model.js';
import { startWhisperEngine } from './engines/whisper/whisper-engine.js';

export type EngineName = 'whisper' | 'openai' | 'pocketsphinx';

export interface SpeechEngineSettings {
  /** TRANSCRIPTION_ENGINE; `auto` picks whisper, then openai, then pocketsphinx. */
  engine: 'auto' | EngineName;
  whisper: {
    /**
     * WHISPER_MODEL: a file, a file name in modelsDir, a model name such as base.en, or `none`
     * (whisper off). Unset: a model already in modelsDir, else `defaultModel` once downloaded.
     */
    model?: string;
    /** The model downloaded in the background when none is present (DEFAULT_WHISPER_MODEL). */
    defaultModel?: string;
    modelsDir: string;
    /** WHISPER_MODEL_BASE_URL: where models are downloaded from; default Hugging Face. */
    modelsBaseUrl?: string;
    /** WHISPER_THREADS; default: the cores this process may use. */
    threads?: number;
    binaryPath?: string;
    temperatureIncrement?: number;
  };
  openai: { apiUrl?: string; apiKey?: string; model: string };
  /** Chunks at once for engines that run several (the worker's concurrency). */
  parallelism: number;
}

export interface EngineChoice {
  engine: EngineName;
  /** One sentence for the start-up log and /api/health. */
  reason: string;
  /** Problems met on the way, each naming the file and the fixing command: log them as warnings. */
  warnings: string[];
  whisperModelPath?: string;
}

export interface StartedSpeechEngine {
  engine: SpeechEngine;
  choice: EngineChoice;
}

export interface EngineChoiceLog {
  debug?(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** WHISPER_MODEL=none: whisper is neither used nor downloaded. */
export const WHISPER_OFF = 'none';

/** Decides the engine from the settings and the model files on disk; starts nothing. */
export async function chooseSpeechEngine(settings: SpeechEngineSettings): Promise<EngineChoice> {
  const requested = settings.engine;
  if (requested === 'pocketsphinx' || requested === 'openai') {
    return { engine: requested, reason: `TRANSCRIPTION_ENGINE=${requested}`, warnings: [] };
  }
  if (settings.whisper.model === WHISPER_OFF) {
    return fallBack(settings, `WHISPER_MODEL=${WHISPER_OFF}`, []);
  }
  const search = await findWhisperModel(settings.whisper.model, settings.whisper.modelsDir);
  if (search.found) {
    return {
      engine: 'whisper',
      reason: `TRANSCRIPTION_ENGINE=${requested} and whisper model ${search.model.path} (${search.how})`,
      warnings: search.problems,
      whisperModelPath: search.model.path,
    };
  }
  const warnings = [...search.problems];
  if (requested === 'whisper' && search.problems.length === 0) warnings.push(search.how);
  return fallBack(settings, `TRANSCRIPTION_ENGINE=${requested} but ${search.how}`, warnings);
}

/**
 * Chooses and starts the engine. When whisper cannot start (model refused by whisper.cpp,
 * whisper-server not built), the service comes up on the next engine instead, with a warning
 * saying why and how to fix it.
 */
export async function startSpeechEngine(
  settings: SpeechEngineSettings,
  log?: EngineChoiceLog,
): Promise<StartedSpeechEngine> {
  let choice = await chooseSpeechEngine(settings);
  let engine: SpeechEngine | undefined;
  if (choice.engine === 'whisper' && choice.whisperModelPath) {
    try {
      engine = await startWhisperEngine({
        modelPath: choice.whisperModelPath,
        threads: settings.whisper.threads,
        binaryPath: settings.whisper.binaryPath,
        temperatureIncrement: settings.whisper.temperatureIncrement,
        onWarning: (message) => log?.warn({ engine: 'whisper' }, message),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      choice = fallBack(settings, `whisper could not start`, [...choice.warnings, message]);
    }
  }
  engine ??= createSpeechEngine({
    engine: choice.engine === 'openai' ? 'openai' : 'pocketsphinx',
    apiUrl: settings.openai.apiUrl,
    apiKey: settings.openai.apiKey,
    model: settings.openai.model,
    parallelism: settings.parallelism,
  });
  for (const warning of choice.warnings) log?.warn({ engine: choice.engine }, warning);
  log?.info(
    { engine: engine.name, model: engine.model, reason: choice.reason },
    `Transcribing with ${engine.name} (${engine.model}): ${choice.reason}`,
  );
  return { engine, choice };
}

function fallBack(
  settings: SpeechEngineSettings,
  because: string,
  warnings: string[],
): EngineChoice {
  if (settings.openai.apiUrl) {
    return {
      engine: 'openai',
      reason: `${because}; TRANSCRIPTION_API_URL is set`,
      warnings,
    };
  }
  return { engine: 'pocketsphinx', reason: `${because}; using the offline default`, warnings };
}
