import type { SpeechEngineStatus } from '../speech/speech-engine-supervisor.js';

/**
 * What `GET /v1/models` lists: only what this server can run now. A multilingual model with its
 * English twin reports `base+base.en`: each is listed. `whisper-1` only when whisper runs.
 */
export function listedModels(status: SpeechEngineStatus): string[] {
  const models = status.model.split('+');
  const openAiName = status.engine === 'whisper' ? ['whisper-1'] : [];
  return [...new Set(['default', ...openAiName, status.engine, status.model, ...models])];
}

/**
 * The names `model` accepts: every listed one, and `whisper-1` always, so a client written for
 * OpenAI works unchanged; the answer then names the engine that really ran (decision 0073).
 */
export function acceptedModels(status: SpeechEngineStatus): string[] {
  return [...new Set([...listedModels(status), 'whisper-1'])];
}

/** The engine and model that made a transcript, as `model` and `X-Sonoscript-Engine` say it. */
export function engineUsed(row: { engine: string | null; model: string | null }): string | null {
  if (!row.engine) return null;
  return row.model && row.model !== row.engine ? `${row.engine}/${row.model}` : row.engine;
}
