import type { TranscriptSegmentDto } from '../../../core/api/transcriptions.js';
import { hasSeveralSpeakers } from '../../../core/speakers.js';
import { speakerTurns, type SpeakerTurn } from '../../../core/speaker-turns.js';
import { exportedSpeakerName } from './speaker-name.js';

/**
 * The lines with words, grouped into turns named for export, or null when one person speaks
 * (then every format stays as it is without speakers). Empty lines are left out first, so a
 * speaker whose lines are all empty does not split a turn or make a transcript "several voices".
 */
export function spokenTurns(
  segments: readonly TranscriptSegmentDto[],
): SpeakerTurn<TranscriptSegmentDto>[] | null {
  const spoken = segments.filter((segment) => segment.text.trim() !== '');
  if (!hasSeveralSpeakers(spoken)) return null;
  return speakerTurns(spoken).map((turn) => ({
    ...turn,
    speaker: exportedSpeakerName(turn.speaker),
  }));
}
