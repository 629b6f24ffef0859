import type { SpeechEngineStatus } from '../speech/speech-engine-supervisor.js';

/**
 * The names `model` accepts: all of them mean what the server runs, so a client written for
 * OpenAI (`whisper-1`) works unchanged.
 */
export function offeredModels(status: SpeechEngineStatus): string[] {
  // A multilingual model with its English twin reports `base+base.en`: each is listed.
  const models = status.model.split('+');
  return [...new Set(['default', 'whisper-1', status.engine, status.model, ...models])];
}
