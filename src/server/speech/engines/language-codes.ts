import { WHISPER_LANGUAGE_NAMES } from '../../../core/languages.js';

const LANGUAGE_NAMES = WHISPER_LANGUAGE_NAMES;

const CODES_BY_NAME = new Map(Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name, code]));

/** `en-US`, `EN`, `en` -> `en`; undefined when whisper does not know the language. */
export function whisperLanguageCode(tag: string | undefined): string | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && Object.hasOwn(LANGUAGE_NAMES, primary) ? primary : undefined;
}

/** whisper-server reports `english`; transcriptions store `en`. */
export function languageCodeOfName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const lower = name.trim().toLowerCase();
  return CODES_BY_NAME.get(lower) ?? whisperLanguageCode(lower);
}

/** `en` -> `english`, the name OpenAI's `verbose_json` reports; the code itself when unknown. */
export function languageNameOfCode(code: string): string {
  return LANGUAGE_NAMES[code.toLowerCase()] ?? code;
}
