import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { SpeechEngine } from './engines/engine.js';
import { createOpenAiEngine } from './engines/openai/openai-engine.js';
import { createPocketSphinxEngine } from './engines/pocketsphinx/pocketsphinx-engine.js';
import { SpeechEngineError } from './engines/speech-engine-error.js';
import { findWhisperModel, whisperModelPath } from './engines/whisper/find-whisper-model.js';
import { inspectWhisperModel } from './engines/whisper/inspect-whisper-model.js';
import { startWhisperModels } from './engines/whisper/start-whisper-models.js';
import { englishModelOf, modelNameOfFile } from './engines/whisper/whisper-model-catalog.js';
import { SpeechEngineSupervisor } from './speech-engine-supervisor.js';

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
  /** `apiUrl` is required for the openai engine: the base URL including /v1. */
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
  /** The English-only twin of a multilingual model, found beside it (docs/decisions/0053). */
  englishModelPath?: string;
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

/** What to get ready in the background: a model to download by name, or a file already there. */
export interface WhisperTarget {
  name: string;
  download: boolean;
  modelPath: string;
  /** The English-only twin, downloaded too when missing. */
  english?: { name: string; modelPath: string };
}

/** WHISPER_MODEL=none: whisper is neither used nor downloaded. */
const WHISPER_OFF = 'none';

/**
 * Starts the speech engine the configuration asks for (TRANSCRIPTION_ENGINE=auto: whisper, then
 * openai, then pocketsphinx), getting whisper ready in the background when it is missing.
 *
 * This module is the one place that decides which engine serves and why: the engine of the start
 * (`chooseSpeechEngine`), the next one when whisper cannot start (`startSpeechEngine`), and
 * whether whisper is made ready in the background (`whisperTarget`); the supervisor does that.
 */
export async function speechEngineFromConfig(
  config: Config,
  log: EngineChoiceLog,
): Promise<SpeechEngineSupervisor> {
  const settings = settingsFromConfig(config);
  const started = await startSpeechEngine(settings, log);
  // Whisper on an English-only model found on disk (the default before 0053) still gets the
  // default multilingual model, unless WHISPER_MODEL chose that model.
  const complete =
    started.engine.name === 'whisper' &&
    (started.engine.multilingual || settings.whisper.model !== undefined);
  const target = complete ? undefined : whisperTarget(settings);
  return SpeechEngineSupervisor.start(started, target, settings, log);
}

function settingsFromConfig(config: Config): SpeechEngineSettings {
  const { transcription } = config;
  return {
    engine: transcription.engine,
    whisper: {
      model: transcription.whisper.model,
      defaultModel: transcription.whisper.defaultModel,
      modelsDir: transcription.whisper.modelsDir,
      modelsBaseUrl: transcription.whisper.modelsBaseUrl,
      threads: transcription.whisper.threads,
      binaryPath: transcription.whisper.serverPath,
    },
    openai: {
      apiUrl: transcription.apiUrl,
      apiKey: transcription.apiKey,
      model: transcription.model,
    },
    parallelism: config.workerConcurrency,
  };
}

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
    const englishModelPath =
      settings.whisper.model === undefined
        ? await englishTwinBeside(search.model.path, settings.whisper.modelsDir)
        : undefined;
    return {
      engine: 'whisper',
      reason: `TRANSCRIPTION_ENGINE=${requested} and whisper model ${search.model.path}${englishModelPath ? ` with ${englishModelPath} for English` : ''} (${search.how})`,
      warnings: search.problems,
      whisperModelPath: search.model.path,
      ...(englishModelPath ? { englishModelPath } : {}),
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
      engine = await startWhisperModels({
        modelPath: choice.whisperModelPath,
        ...(choice.englishModelPath ? { englishModelPath: choice.englishModelPath } : {}),
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
  engine ??= choice.engine === 'openai' ? openAiEngine(settings) : pocketSphinxEngine(settings);
  for (const warning of choice.warnings) log?.warn({ engine: choice.engine }, warning);
  log?.info(
    { engine: engine.name, model: engine.model, reason: choice.reason },
    `Transcribing with ${engine.name} (${engine.model}): ${choice.reason}`,
  );
  return { engine, choice };
}

/** The usable English-only twin of a multilingual model file in the models folder. */
async function englishTwinBeside(
  modelPath: string,
  modelsDir: string,
): Promise<string | undefined> {
  const twin = englishModelOf(modelNameOfFile(modelPath));
  if (!twin) return undefined;
  const twinPath = whisperModelPath(twin, modelsDir);
  try {
    const info = await inspectWhisperModel(twinPath);
    return info.multilingual ? undefined : twinPath;
  } catch {
    return undefined;
  }
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

function openAiEngine(settings: SpeechEngineSettings): SpeechEngine {
  const { apiUrl, apiKey, model } = settings.openai;
  if (!apiUrl) throw new SpeechEngineError('the openai engine needs TRANSCRIPTION_API_URL');
  return createOpenAiEngine({ apiUrl, apiKey, model, parallelism: settings.parallelism });
}

function pocketSphinxEngine(settings: SpeechEngineSettings): SpeechEngine {
  // PocketSphinx has one model: it ignores the openai engine's model name.
  return createPocketSphinxEngine({ parallelism: settings.parallelism });
}

/**
 * Whether to get whisper ready in the background while another engine serves, and which model.
 * Only when whisper is wanted (`auto` or `whisper`, WHISPER_MODEL not `none`).
 */
function whisperTarget(settings: SpeechEngineSettings): WhisperTarget | undefined {
  const { engine, whisper, openai } = settings;
  if (engine !== 'auto' && engine !== 'whisper') return undefined;
  if (whisper.model === WHISPER_OFF) return undefined;
  // An operator who set a hosted API under `auto` chose it over a download.
  if (engine === 'auto' && openai.apiUrl) return undefined;
  const setting = whisper.model ?? whisper.defaultModel;
  if (!setting) return undefined;
  const modelPath = whisperModelPath(setting, whisper.modelsDir);
  const isName = !setting.includes('/') && !setting.includes(path.sep) && !setting.endsWith('.bin');
  const twin = whisper.model === undefined ? englishModelOf(setting) : undefined;
  const english = twin
    ? { english: { name: twin, modelPath: whisperModelPath(twin, whisper.modelsDir) } }
    : {};
  if (isName) return { name: setting, download: true, modelPath, ...english };
  // A file named by path is never downloaded; it is used when present (whisper-server missing).
  return existsSync(modelPath)
    ? { name: modelNameOfFile(modelPath), download: false, modelPath }
    : undefined;
}
