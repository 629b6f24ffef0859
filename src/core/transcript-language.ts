import { languageName, type SpeechTask } from './languages.js';

/**
 * How the list, the detail page and the shared page name a transcript's language:
 * "German", "German, translated to English", or, where the engine could not tell,
 * "English (assumed: the language could not be detected)". Null before it is known.
 */
export function describeTranscriptLanguage(transcript: {
  language: string | null;
  task?: SpeechTask;
  languageAssumed?: boolean;
}): string | null {
  if (transcript.language === null) return null;
  const name = languageName(transcript.language);
  if (transcript.languageAssumed) return `${name} (assumed: the language could not be detected)`;
  if (transcript.task === 'translate') return `${name}, translated to English`;
  return name;
}
