import { open } from 'node:fs/promises';
import type { PcmChunk } from './plan-chunks.js';

/** Reads samples [startSample, endSample) of a 16-bit little-endian PCM file. */
export async function readPcmRange(pcmPath: string, chunk: PcmChunk): Promise<Int16Array> {
  const length = chunk.endSample - chunk.startSample;
  if (!Number.isInteger(length) || length < 0 || chunk.startSample < 0) {
    throw new RangeError(`invalid PCM range ${chunk.startSample}..${chunk.endSample}`);
  }
  const samples = new Int16Array(length);
  const bytes = Buffer.from(samples.buffer);
  const handle = await open(pcmPath, 'r');
  try {
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(
        bytes,
        filled,
        bytes.length - filled,
        chunk.startSample * 2 + filled,
      );
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled < bytes.length) {
      throw new RangeError(
        `PCM file ends at byte ${chunk.startSample * 2 + filled}, before sample ${chunk.endSample}`,
      );
    }
    return samples;
  } finally {
    await handle.close();
  }
}
