import { AUTO_LANGUAGE, languageName, type SpeechTask } from './languages.js';

/** What the server's speech engine can do, as `/api/health` tells every client. */
export interface SpeechCapabilities {
  /** ISO 639-1 codes it transcribes (English only without a multilingual engine). */
  languages: string[];
  /** Translates to English. */
  translate: boolean;
  /** Why other languages are not available, to finish "Transcribing German needs …". */
  needs?: string;
}

/**
 * The message refusing a language or task the engine cannot serve, or undefined when it can.
 * `auto` is always accepted: an English-only engine says on the transcript that it assumed English.
 */
export function languageRefusal(
  capabilities: SpeechCapabilities,
  request: { language: string; task: SpeechTask },
): string | undefined {
  const needs = capabilities.needs ?? 'a multilingual speech engine';
  if (request.task === 'translate' && !capabilities.translate)
    return `Translating to English needs ${needs}.`;
  if (request.language === AUTO_LANGUAGE || capabilities.languages.includes(request.language))
    return undefined;
  return `Transcribing ${languageName(request.language)} needs ${needs}.`;
}
