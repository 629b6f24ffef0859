import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
} from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { decodeAudio } from '../audio/decode-audio.js';
import { planChunks } from '../audio/plan-chunks.js';
import { readPcmRange } from '../audio/read-pcm-range.js';
import { detectSpeakers } from './detect-speakers.js';
import { SpeakerFeatures } from './speaker-features.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
beforeAll(async () => {
  directory = await makeTempDirectory();
});
afterAll(() => directory.remove());

async function featuresOf(file: string): Promise<SpeakerFeatures> {
  const decoded = await decodeAudio({
    inputPath: file,
    demuxer: 'wav',
    outputPath: path.join(directory.path, `${path.basename(file)}.pcm`),
  });
  const features = new SpeakerFeatures();
  for (const chunk of await planChunks(decoded.pcmPath, { maxChunkSeconds: 60 }))
    features.addChunk(chunk.startSample, await readPcmRange(decoded.pcmPath, chunk));
  return features;
}

describe('speaker detection on one voice', () => {
  it('hears one speaker in one voice that says the same sentence over and over', async () => {
    // The halves of the sentence ("one … five", "six … ten") differ in sound as much as two
    // voices' do when the same words come back each time; a turn is given whole, and the voices
    // it then leaves are one.
    const parts = Array.from({ length: 7 }, () => [
      { say: 'one two three four five six seven eight nine ten' },
      { silence: 1.5 },
    ]).flat();
    const clip = await makeSpeechClip(directory.path, 'counting', [{ silence: 0.5 }, ...parts]);
    const turns = detectSpeakers((await featuresOf(clip.path)).timeline());
    expect(turns.length).toBeGreaterThan(0);
    expect(new Set(turns.map((turn) => turn.speaker))).toEqual(new Set([0]));
  });
});
