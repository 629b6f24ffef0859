import { open } from 'node:fs/promises';
import type { SpeechRegion } from './speech-region.js';

const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Writes silence over everything outside the speech regions of a PCM file, in place: chunk
 * planning then cuts in those silences (at the edges of speech), and no engine hears the music,
 * noise or hum between phrases.
 */
export async function muteNonSpeech(
  pcmPath: string,
  regions: readonly SpeechRegion[],
  sampleCount: number,
): Promise<void> {
  const handle = await open(pcmPath, 'r+');
  try {
    let from = 0;
    for (const region of [...regions, { startSample: sampleCount, endSample: sampleCount }]) {
      for (let sample = from; sample < region.startSample;) {
        const samples = Math.min(ZEROS.length / 2, region.startSample - sample);
        await handle.write(ZEROS, 0, samples * 2, sample * 2);
        sample += samples;
      }
      from = Math.max(from, region.endSample);
    }
  } finally {
    await handle.close();
  }
}

/** The same in memory, for a live window. */
export function muteNonSpeechSamples(
  samples: Int16Array,
  regions: readonly SpeechRegion[],
): Int16Array {
  const muted = new Int16Array(samples.length);
  for (const region of regions)
    muted.set(samples.subarray(region.startSample, region.endSample), region.startSample);
  return muted;
}
