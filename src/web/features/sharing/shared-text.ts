import type { SharedTranscriptDto } from '../../../core/api/sharing';
import { hasSeveralSpeakers } from '../../../core/speakers';
import { speakerTurns } from '../../../core/speaker-turns';

/**
 * What "Copy text" copies: the text as it is, or, when several people speak, a paragraph per
 * turn led by the speaker's name, as in the TXT download.
 */
export function sharedText(transcript: Pick<SharedTranscriptDto, 'text' | 'segments'>): string {
  const spoken = transcript.segments.filter((segment) => segment.text.trim() !== '');
  if (!hasSeveralSpeakers(spoken)) return transcript.text;
  return speakerTurns(spoken)
    .map((turn) => `${turn.speaker}: ${turn.segments.map((segment) => segment.text).join(' ')}`)
    .join('\n\n');
}
