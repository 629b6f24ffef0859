import { open } from 'node:fs/promises';
import { SILERO_FRAME_SAMPLES, SileroStream } from './silero-model.js';
import type { SpeechDetector, SpeechRegion } from './speech-region.js';
import { SpeechRegionTracker } from './speech-regions-from-probabilities.js';

/** About 2 s of audio a read: a recording of hours costs kilobytes, not gigabytes. */
const BLOCK_SAMPLES = SILERO_FRAME_SAMPLES * 64;

/** Silero VAD v5 through onnxruntime-node (docs/decisions/0059). */
export const sileroSpeechDetector: SpeechDetector = {
  async detectInFile(pcmPath, signal, onProgress) {
    const handle = await open(pcmPath, 'r');
    try {
      const { size } = await handle.stat();
      const sampleCount = Math.floor(size / 2);
      const stream = await SileroStream.open();
      const tracker = new SpeechRegionTracker(SILERO_FRAME_SAMPLES);
      const block = new Int16Array(BLOCK_SAMPLES);
      const bytes = Buffer.from(block.buffer);
      for (let done = 0; done < sampleCount;) {
        signal?.throwIfAborted();
        const wanted = Math.min(BLOCK_SAMPLES, sampleCount - done) * 2;
        let filled = 0;
        while (filled < wanted) {
          const { bytesRead } = await handle.read(
            bytes,
            filled,
            wanted - filled,
            done * 2 + filled,
          );
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        const samples = Math.floor(filled / 2);
        if (samples === 0) break;
        await pushFrames(stream, tracker, block.subarray(0, samples));
        done += samples;
        onProgress?.(done / sampleCount);
      }
      return tracker.finish(sampleCount);
    } finally {
      await handle.close();
    }
  },

  async detectInSamples(samples) {
    const stream = await SileroStream.open();
    const tracker = new SpeechRegionTracker(SILERO_FRAME_SAMPLES);
    await pushFrames(stream, tracker, samples);
    return tracker.finish(samples.length);
  },
};

/** Blocks hold whole frames except the last, so frames fall where they would in one pass. */
async function pushFrames(
  stream: SileroStream,
  tracker: SpeechRegionTracker,
  samples: Int16Array,
): Promise<void> {
  for (let offset = 0; offset < samples.length; offset += SILERO_FRAME_SAMPLES) {
    const frame = samples.subarray(offset, offset + SILERO_FRAME_SAMPLES);
    tracker.push(await stream.probability(frame));
  }
}

export type { SpeechRegion };
