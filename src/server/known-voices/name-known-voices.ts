import type { Database } from '../db/database.js';
import type { StoredSegment } from '../db/schema.js';
import { recogniseVoices } from '../speech/speakers/recognise-voices.js';
import { voiceStatisticsOver } from '../speech/speakers/voice-statistics.js';
import { findRememberVoices, knownVoicesForRecognition } from './known-voices.repository.js';

/**
 * A finished transcript's speakers named after the voices the account remembers, where a voice is
 * recognised (only when the owner chose to remember voices). `blocks` are the recording's speaker
 * features, as `SpeakerFeatures` gathered them during the job.
 */
export async function nameKnownVoices(
  db: Database,
  userId: string,
  blocks: readonly (Float64Array | null)[],
  segments: StoredSegment[],
): Promise<StoredSegment[]> {
  if (!(await findRememberVoices(db, userId))) return segments;
  const known = await knownVoicesForRecognition(db, userId);
  if (known.length === 0) return segments;
  const heard = new Map(
    [...new Set(segments.map((segment) => segment.speaker))].map((speaker) => [
      speaker,
      voiceStatisticsOver(
        blocks,
        segments.filter((segment) => segment.speaker === speaker),
      ),
    ]),
  );
  const names = recogniseVoices(heard, known);
  return segments.map((segment) => ({
    ...segment,
    speaker: names.get(segment.speaker) ?? segment.speaker,
  }));
}
