import { WHISPER_LANGUAGE_CODES } from '../../core/languages.js';
import type { SpeechCapabilities } from '../../core/speech-capabilities.js';
import type { SpeechEngineStatus } from './speech-engine-supervisor.js';

/**
 * What the engine that serves new work can do. With no worker reporting (`none`), nothing is
 * refused: the job waits for a worker, which fails it with the same message if it cannot serve it.
 */
export function speechCapabilities(
  status: Pick<SpeechEngineStatus, 'engine' | 'model' | 'multilingual' | 'pending'>,
): SpeechCapabilities {
  if (status.multilingual || status.engine === 'none') {
    return { languages: [...WHISPER_LANGUAGE_CODES], translate: true };
  }
  return { languages: ['en'], translate: false, needs: whyEnglishOnly(status) };
}

function whyEnglishOnly(status: Pick<SpeechEngineStatus, 'engine' | 'model' | 'pending'>): string {
  if (status.engine === 'whisper') {
    return `a multilingual whisper model; this server's model (${status.model}) knows English only`;
  }
  const { pending } = status;
  if (pending && pending.state !== 'failed') {
    return 'the whisper engine, which this server is still getting ready; please try again in a few minutes';
  }
  return 'the whisper engine, which this server has not downloaded yet';
}
