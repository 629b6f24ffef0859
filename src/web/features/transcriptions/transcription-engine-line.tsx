import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { transcriptionEngineText } from '../../../core/engine-text';

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
