import { PCM_SAMPLE_RATE } from './pcm-format.js';

const HEADER_BYTES = 44;

/** Wraps 16 kHz mono 16-bit samples in a WAV (RIFF) header, for services that want a file. */
export function encodeWav(samples: Int16Array, sampleRate: number = PCM_SAMPLE_RATE): Buffer {
  const dataBytes = samples.length * 2;
  const wav = Buffer.alloc(HEADER_BYTES + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  Buffer.from(samples.buffer, samples.byteOffset, dataBytes).copy(wav, HEADER_BYTES);
  return wav;
}
