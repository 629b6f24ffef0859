import type { Config } from '../config.js';
import { createSpeechEngine } from './engines/create-speech-engine.js';
import type { SpeechEngine } from './engines/engine.js';

export function speechEngineFromConfig(config: Config): SpeechEngine {
  return createSpeechEngine({
    engine: config.transcription.engine,
    apiUrl: config.transcription.apiUrl,
    apiKey: config.transcription.apiKey,
    model: config.transcription.model,
    parallelism: config.workerConcurrency,
  });
}
