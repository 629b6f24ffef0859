import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFullError } from '../../src/server/speech/audio/audio-error.js';
import { decodeAudio } from '../../src/server/speech/audio/decode-audio.js';
import { makeStreamedFlacSilence } from '../fixtures/speech/audio-bombs.js';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { makeSmallDisk, type SmallDisk } from './support/small-disk.js';

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
let disk: SmallDisk;
/** Two minutes: 3.8 MB of PCM, on a disk of 2 MB. */
let twoMinutes: string;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-full-disk-');
  twoMinutes = path.join(fixtures.path, 'two-minutes.mkv');
  await makeStreamedFlacSilence(twoMinutes, { seconds: 120, sampleRate: 16_000, layout: 'mono' });
  disk = await makeSmallDisk(2);
});
afterAll(async () => {
  await disk?.remove();
  await fixtures?.remove();
});

describe('decoding onto a disk that fills up', () => {
  it('says the disk is full (DiskFullError), so the job retries only once there is room', async () => {
    const error = await decodeAudio({
      inputPath: twoMinutes,
      demuxer: 'matroska',
      outputPath: path.join(disk.path, 'audio.pcm'),
    }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DiskFullError);
  });
});
