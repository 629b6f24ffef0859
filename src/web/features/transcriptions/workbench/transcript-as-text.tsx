import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import { pauseParagraphs } from '../../../../core/pause-paragraphs';
import { hasSeveralSpeakers, speakersInOrder } from '../../../../core/speakers';
import { cn } from '../../../lib/cn';
import { speakerColor } from './speaker-colors';
import { speakerTurns } from './speaker-edits';

/**
 * The transcript as running text: a paragraph per pause, or with several speakers a paragraph per
 * turn, led by the name.
 */
export function TranscriptAsText({ segments }: { segments: readonly TranscriptSegmentDto[] }) {
  if (!hasSeveralSpeakers(segments)) {
    return (
      <div className="space-y-3">
        {pauseParagraphs(segments).map((paragraph, at) => (
          <p key={at} dir="auto" className="leading-relaxed whitespace-pre-wrap text-slate-800">
            {paragraph}
          </p>
        ))}
      </div>
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
