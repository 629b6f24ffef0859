/** What a page says about the engine that wrote a transcript; null before it has one. */
export function transcriptionEngineText(
  engine: string | null,
  model: string | null,
): string | null {
  switch (engine) {
    case null:
      return null;
    case 'whisper':
      return `Transcribed with whisper ${model ?? ''}`.trim();
    case 'pocketsphinx':
      return 'Transcribed with the offline PocketSphinx engine: lower accuracy';
    case 'openai':
      return `Transcribed with OpenAI ${model ?? ''}`.trim();
    default:
      return `Transcribed with ${engine} ${model ?? ''}`.trim();
  }
}

/** The engine in a word or two, for a list row: `whisper base.en`, `PocketSphinx`, `OpenAI`. */
export function engineShortName(engine: string | null, model: string | null): string | null {
  switch (engine) {
    case null:
      return null;
    case 'whisper':
      return `whisper ${model ?? ''}`.trim();
    case 'pocketsphinx':
      return 'PocketSphinx';
    case 'openai':
      return 'OpenAI';
    default:
      return engine;
  }
}
