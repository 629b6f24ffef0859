import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDevSetRecording } from '../../../../tests/fixtures/speech/dev-set.js';
import {
  makeNonSpeech,
  mixAtSnr,
  NON_SPEECH_KINDS,
  readSamples,
} from '../../../../tests/fixtures/speech/non-speech-audio.js';
import { makeTempDirectory } from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { decodeAudio } from '../audio/decode-audio.js';
import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';
import { sileroSpeechDetector } from './silero-speech-detector.js';
import type { SpeechRegion } from './speech-region.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
/** 2 s of quiet, a real reader for about 6 s, 2 s of quiet. */
let speech: string;
let speechEnd: number;

beforeAll(async () => {
  directory = await makeTempDirectory('sonoscript-vad-');
  speech = await makeDevSetRecording(path.join(directory.path, 'speech.wav'), [
    { silence: 2 },
    { clip: 'ljspeech/LJ001-0002.wav' },
    { silence: 2 },
  ]);
  speechEnd = (await readSamples(speech)).length / PCM_SAMPLE_RATE - 2;
});
afterAll(() => directory.remove());

async function regionsInFile(file: string): Promise<SpeechRegion[]> {
  const pcm = path.join(directory.path, `${path.basename(file)}.pcm`);
  await decodeAudio({ inputPath: file, demuxer: 'wav', outputPath: pcm });
  return sileroSpeechDetector.detectInFile(pcm);
}

const seconds = (regions: readonly SpeechRegion[]) =>
  regions.map((region) => [
    region.startSample / PCM_SAMPLE_RATE,
    region.endSample / PCM_SAMPLE_RATE,
  ]);

describe('Silero speech detection', () => {
  it('finds a reader’s speech and nothing in the quiet around it', async () => {
    const found = seconds(await regionsInFile(speech));
    expect(found).toHaveLength(1);
    const [start, end] = found[0] ?? [0, 0];
    expect(start).toBeGreaterThan(1.6);
    expect(start).toBeLessThan(2.1);
    expect(end).toBeGreaterThan(speechEnd - 0.1);
    expect(end).toBeLessThan(speechEnd + 0.4);
  });

  it.each(NON_SPEECH_KINDS)('finds no speech in %s', async (kind) => {
    const file = path.join(directory.path, `${kind}.wav`);
    await makeNonSpeech(kind, 10, file);
    expect(await regionsInFile(file)).toEqual([]);
  });

  it.each([10, 5, 0])(
    'still finds the speech under music at %i dB, and only there',
    async (snr) => {
      const music = path.join(directory.path, `music-${snr}.wav`);
      await makeNonSpeech('music-chords-drums', 10, music);
      const mixed = path.join(directory.path, `speech-under-music-${snr}.wav`);
      await mixAtSnr(speech, music, snr, mixed);
      const found = seconds(await regionsInFile(mixed));
      expect(found.length).toBeGreaterThanOrEqual(1);
      expect(found[0]?.[0]).toBeGreaterThan(1.5);
      expect(found.at(-1)?.[1]).toBeLessThan(speechEnd + 0.5);
      const heard = found.reduce((sum, [start, end]) => sum + (end ?? 0) - (start ?? 0), 0);
      expect(heard).toBeGreaterThan((speechEnd - 2) * 0.9);
    },
  );

  it('reads a file in blocks to the same regions as the samples in memory', async () => {
    const samples = await readSamples(speech);
    expect(await regionsInFile(speech)).toEqual(
      await sileroSpeechDetector.detectInSamples(samples),
    );
  });
});
