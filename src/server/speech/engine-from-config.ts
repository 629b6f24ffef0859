import type { Config } from '../config.js';
import {
  startSpeechEngine,
  type EngineChoiceLog,
  type StartedSpeechEngine,
} from './choose-engine.js';

/** Chooses (TRANSCRIPTION_ENGINE=auto: whisper, openai, pocketsphinx), starts and logs the engine. */
export function speechEngineFromConfig(
  config: Config,
  log?: EngineChoiceLog,
): Promise<StartedSpeechEngine> {
  const { transcription } = config;
  return startSpeechEngine(
    {
      engine: transcription.engine,
      whisper: {
        model: transcription.whisper.model,
        modelsDir: transcription.whisper.modelsDir,
        threads: transcription.whisper.threads,
        binaryPath: transcription.whisper.serverPath,
      },
      openai: {
        apiUrl: transcription.apiUrl,
        apiKey: transcription.apiKey,
        model: transcription.model,
      },
      parallelism: config.workerConcurrency,
    },
    log,
  );
}
