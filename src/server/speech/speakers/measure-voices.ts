import path from 'node:path';
import { decodeAudio } from '../audio/decode-audio.js';
import { planChunks } from '../audio/plan-chunks.js';
import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';
import { readPcmRange } from '../audio/read-pcm-range.js';
import type { AudioDemuxer } from '../audio/sniff-audio-format.js';
import { SpeakerFeatures } from './speaker-features.js';
import { voiceStatisticsOver, type TimeSpan, type VoiceStatistics } from './voice-statistics.js';

/** Enough of a voice to know it again; a longer one is measured on its first this many seconds. */
export const MEASURED_SECONDS_PER_VOICE = 120;

/** The first spans of a voice, up to `MEASURED_SECONDS_PER_VOICE` of them. */
function firstSpans(spans: readonly TimeSpan[]): TimeSpan[] {
  const chosen: TimeSpan[] = [];
  let seconds = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (seconds >= MEASURED_SECONDS_PER_VOICE) break;
    chosen.push(span);
    seconds += span.end - span.start;
  }
  return chosen;
}

export interface MeasureVoicesOptions {
  inputPath: string;
  demuxer: AudioDemuxer;
  workDir: string;
  /** The times each voice speaks, by name. */
  spans: ReadonlyMap<string, readonly TimeSpan[]>;
}

/**
 * The statistics of each voice, measured again from the recording as a job measured them: the
 * audio is decoded only as far as the last span used, and only the chunks that hold one are read.
 */
export async function measureVoices(
  options: MeasureVoicesOptions,
): Promise<Map<string, VoiceStatistics>> {
  const chosen = new Map([...options.spans].map(([name, spans]) => [name, firstSpans(spans)]));
  const all = [...chosen.values()].flat();
  const end = Math.max(0, ...all.map((span) => span.end));
  const decoded = await decodeAudio({
    inputPath: options.inputPath,
    demuxer: options.demuxer,
    outputPath: path.join(options.workDir, 'voices.pcm'),
    maxSeconds: Math.ceil(end) + 1,
  });
  const features = new SpeakerFeatures();
  for (const chunk of await planChunks(decoded.pcmPath)) {
    const [from, to] = [chunk.startSample / PCM_SAMPLE_RATE, chunk.endSample / PCM_SAMPLE_RATE];
    if (all.some((span) => span.start < to && span.end > from))
      features.addChunk(chunk.startSample, await readPcmRange(decoded.pcmPath, chunk));
  }
  const blocks = features.timeline();
  return new Map([...chosen].map(([name, spans]) => [name, voiceStatisticsOver(blocks, spans)]));
}
