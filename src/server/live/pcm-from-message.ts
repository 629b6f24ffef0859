import type { RawData } from 'ws';
import { LIVE_MAX_MESSAGE_BYTES } from '../../core/live-transcription.js';

/**
 * The samples of one binary WebSocket message (16-bit little-endian PCM), copied so that they are
 * aligned; undefined when it cannot be PCM (an odd number of bytes, empty, or too large).
 */
export function pcmFromMessage(data: RawData): Int16Array | undefined {
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(data);
  if (bytes.length === 0 || bytes.length % 2 !== 0 || bytes.length > LIVE_MAX_MESSAGE_BYTES) {
    return undefined;
  }
  const samples = new Int16Array(bytes.length / 2);
  for (let index = 0; index < samples.length; index += 1)
    samples[index] = bytes.readInt16LE(index * 2);
  return samples;
}
