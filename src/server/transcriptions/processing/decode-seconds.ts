import { MAX_AUDIO_SECONDS } from '../../../core/plans.js';

/**
 * A stated or measured duration may be off a little (an MP3's is estimated from its bitrate);
 * decoding allows this much more before it stops.
 */
const DURATION_SLACK_RATIO = 0.1;
const DURATION_SLACK_SECONDS = 30;

/**
 * How much of a transcription's audio its job decodes: what the plan transcribes, and no more
 * than the duration measured at upload (with slack). A small file that decodes to hours more
 * than it said it held cannot then fill the disk with its temporary PCM.
 */
export function decodeSecondsFor(row: {
  durationInSeconds: number;
  transcribeSeconds: number | null;
}): number {
  const measured = row.durationInSeconds * (1 + DURATION_SLACK_RATIO) + DURATION_SLACK_SECONDS;
  return Math.min(row.transcribeSeconds ?? MAX_AUDIO_SECONDS, measured, MAX_AUDIO_SECONDS);
}
