import type { TranscriptionDto } from '../../../core/api/transcriptions';

/** What the detail page says about the engine that wrote a transcript; null before it has one. */
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

/** The line under the transcript naming the engine and model that spoke. */
export function TranscriptionEngineLine({
  transcription,
}: {
  transcription: Pick<TranscriptionDto, 'engine' | 'model'>;
}) {
  const text = transcriptionEngineText(transcription.engine, transcription.model);
  if (!text) return null;
  return <p className="text-center text-xs text-slate-500">{text}</p>;
}
