import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import { hasSeveralSpeakers, speakersInOrder } from '../../../../core/speakers';
import { cn } from '../../../lib/cn';
import { transcriptText } from './segment-edits';
import { speakerColor } from './speaker-colors';
import { speakerTurns } from './speaker-edits';

/** The transcript as running text: with several speakers a paragraph per turn, led by the name. */
export function TranscriptAsText({ segments }: { segments: readonly TranscriptSegmentDto[] }) {
  if (!hasSeveralSpeakers(segments)) {
    return (
      <p dir="auto" className="leading-relaxed whitespace-pre-wrap text-slate-800">
        {transcriptText(segments)}
      </p>
    );
  }
  const speakers = speakersInOrder(segments);
  return (
    <div className="space-y-3">
      {speakerTurns(segments).map((turn, at) => (
        <p key={at} dir="auto" className="leading-relaxed whitespace-pre-wrap text-slate-800">
          <strong
            className={cn('font-semibold', speakerColor(speakers.indexOf(turn.speaker)).text)}
          >
            {turn.speaker}:
          </strong>{' '}
          {turn.text}
        </p>
      ))}
    </div>
  );
}
