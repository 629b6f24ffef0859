import type { Config } from '../config.js';
import type { EngineChoiceLog } from './choose-engine.js';
import { SpeechEngineSupervisor } from './speech-engine-supervisor.js';

/**
 * Starts the speech engine the configuration asks for (TRANSCRIPTION_ENGINE=auto: whisper, then
 * openai, then pocketsphinx), getting whisper ready in the background when it is missing.
 */
export function speechEngineFromConfig(
  config: Config,
  log: EngineChoiceLog,
): Promise<SpeechEngineSupervisor> {
  const { transcription } = config;
  return SpeechEngineSupervisor.start(
    {
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
    },
    log,
  );
}
