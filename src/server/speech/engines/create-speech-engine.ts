import type { SpeechEngine } from './engine.js';
import { createOpenAiEngine } from './openai/openai-engine.js';
import { createPocketSphinxEngine } from './pocketsphinx/pocketsphinx-engine.js';
import { SpeechEngineError } from './speech-engine-error.js';

export interface CreateSpeechEngineOptions {
  engine: 'pocketsphinx' | 'openai';
  /** Required for `openai`: the base URL including /v1. */
  apiUrl?: string;
  apiKey?: string;
  /** The `openai` engine's model name; PocketSphinx has one model and ignores it. */
  model: string;
  /** Chunks transcribed at once: the worker's concurrency. */
  parallelism: number;
}

/** The one place that picks the speech engine from configuration. */
export function createSpeechEngine(options: CreateSpeechEngineOptions): SpeechEngine {
  switch (options.engine) {
    case 'pocketsphinx':
      return createPocketSphinxEngine({ parallelism: options.parallelism });
    case 'openai':
      if (!options.apiUrl)
        throw new SpeechEngineError('the openai engine needs TRANSCRIPTION_API_URL');
      return createOpenAiEngine({
        apiUrl: options.apiUrl,
        apiKey: options.apiKey,
        model: options.model,
        parallelism: options.parallelism,
      });
  }
}
