import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory } from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { decodeAudio } from './decode-audio.js';
import { encodeWav } from './encode-wav.js';
import { probeAudio } from './probe-audio.js';
import { readPcmRange } from './read-pcm-range.js';
import { sniffAudioFile } from './sniff-audio-format.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
beforeAll(async () => {
  directory = await makeTempDirectory();
});
afterAll(() => directory.remove());

describe('encodeWav', () => {
  it('writes a WAV that ffmpeg reads back sample for sample', async () => {
    const samples = Int16Array.from({ length: 8000 }, (_, index) =>
      Math.round(Math.sin(index / 5) * 12_000),
    );
    const file = path.join(directory.path, 'tone.wav');
    await writeFile(file, encodeWav(samples.subarray(1000, 5000)));
    expect(await sniffAudioFile(file)).toEqual({ format: 'wav', demuxer: 'wav' });
    expect(await probeAudio(file, 'wav')).toEqual({
      durationSeconds: 0.25,
      codec: 'pcm_s16le',
      sampleRate: 16_000,
      channels: 1,
    });
    const decoded = await decodeAudio({
      inputPath: file,
      demuxer: 'wav',
      outputPath: path.join(directory.path, 'tone.pcm'),
    });
    const roundTrip = await readPcmRange(decoded.pcmPath, {
      startSample: 0,
      endSample: decoded.sampleCount,
    });
    expect(Array.from(roundTrip)).toEqual(Array.from(samples.subarray(1000, 5000)));
  });
});
