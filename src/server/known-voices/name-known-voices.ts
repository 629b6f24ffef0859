import type { Database } from '../db/database.js';
import type { StoredSegment } from '../db/schema.js';
import { nameLines } from '../speech/speakers/recognise-voices.js';
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
  const names = nameLines(blocks, segments, known);
  return segments.map((segment, index) => ({
    ...segment,
    speaker: names[index] ?? segment.speaker,
  }));
}
