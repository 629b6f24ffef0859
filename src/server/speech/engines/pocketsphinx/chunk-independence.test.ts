import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encode,
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { MEETING, MORNING, PIZZA } from '../../../../../tests/fixtures/speech/sentences.js';
import { decodeAudio } from '../../audio/decode-audio.js';
import { transcribeAudioFile, type AudioTranscript } from '../../transcribe-audio-file.js';
import { findPocketSphinxModel } from './find-pocketsphinx-model.js';
import { PocketSphinxDecoder } from './pocketsphinx-decoder.js';
import { createPocketSphinxEngine, type PocketSphinxEngine } from './pocketsphinx-engine.js';
import { loadPocketSphinxLibrary } from './pocketsphinx-library.js';
import { BLOCK_SAMPLES, CEPSTRUM_SIZE } from './speech-analysis.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let meeting: SpeechClip;
let meetingPcm: string;
let meetingSamples: number;
/** Other audio through a very different channel: it drags a decoder's cepstral mean away. */
let muffled: string;
let runs = 0;

beforeAll(async () => {
  directory = await makeTempDirectory();
  meeting = await makeSpeechClip(directory.path, 'meeting', MEETING);
  meetingPcm = path.join(directory.path, 'meeting.pcm');
  ({ sampleCount: meetingSamples } = await decodeAudio({
    inputPath: meeting.path,
    demuxer: 'wav',
    outputPath: meetingPcm,
  }));
  const other = await makeSpeechClip(directory.path, 'other', [{ say: PIZZA }, { say: MORNING }]);
  muffled = path.join(directory.path, 'muffled.wav');
  await encode(other.path, muffled, ['-af', 'lowpass=f=900,volume=6', '-ar', '16000', '-ac', '1']);
});

afterAll(() => directory.remove());

function transcribe(engine: PocketSphinxEngine, inputPath: string): Promise<AudioTranscript> {
  runs += 1;
  return transcribeAudioFile({
    inputPath,
    demuxer: 'wav',
    engine,
    workDir: path.join(directory.path, `work-${runs}`),
    maxChunkSeconds: 10,
  });
}

describe('PocketSphinx speech analysis', () => {
  it("ends utterances in the pauses between sentences, on the decoder's read grid", () => {
    const decoder = new PocketSphinxDecoder(loadPocketSphinxLibrary(), findPocketSphinxModel());
    try {
      expect(decoder.seedsCepstralMean).toBe(true);
      const analysis = decoder.analyse(meetingPcm);
      expect(analysis.sampleCount).toBe(meetingSamples);
      const blocks = Math.ceil(analysis.sampleCount / BLOCK_SAMPLES);
      expect(analysis.cepstralMeans).toHaveLength(blocks * CEPSTRUM_SIZE);
      expect(analysis.cepstralMeans.every(Number.isFinite)).toBe(true);

      const pauses = meeting.spans.filter((span) => span.kind === 'silence').slice(1, -1);
      for (const pause of pauses) {
        const ends = analysis.utteranceEnds.filter(
          (end) => end.sample / 16_000 > pause.start && end.sample / 16_000 < pause.end,
        );
        expect(ends, `pause at ${pause.start.toFixed(1)} s`).toHaveLength(1);
      }
      for (const end of analysis.utteranceEnds) {
        expect(end.sample % BLOCK_SAMPLES).toBe(0);
        expect(end.pauseSamples).toBeGreaterThan(0);
        const inSpeech = meeting.spans.some(
          (span) =>
            span.kind === 'speech' &&
            span.start + 0.1 < end.sample / 16_000 &&
            end.sample / 16_000 < span.end - 0.1,
        );
        expect(inSpeech, `utterance end at ${end.sample / 16_000} s`).toBe(false);
      }
    } finally {
      decoder.free();
    }
  });
});

describe('PocketSphinx chunks decoded alone', () => {
  it('cuts where the decoder would end an utterance and gives each chunk its starting mean', async () => {
    const engine = createPocketSphinxEngine({ parallelism: 1 });
    try {
      const chunks = await engine.planChunks(meetingPcm, { maxChunkSeconds: 10 });
      expect(engine.seedsCepstralMean).toBe(true);
      expect(chunks.length).toBeGreaterThanOrEqual(4);
      for (const chunk of chunks.slice(0, -1)) {
        expect(chunk.endSample % BLOCK_SAMPLES).toBe(0);
        const cut = chunk.endSample / 16_000;
        const pause = meeting.spans.find(
          (span) => span.kind === 'silence' && span.start < cut && cut < span.end,
        );
        expect(pause, `cut at ${cut.toFixed(2)} s`).toBeDefined();
      }
      for (const chunk of chunks) expect(chunk.state?.cepstralMean).toHaveLength(CEPSTRUM_SIZE);
    } finally {
      await engine.close();
    }
  });

  it('gives a recording the same transcript whatever the decoder heard before, on one decoder thread or on two', async () => {
    const one = createPocketSphinxEngine({ parallelism: 1 });
    const two = createPocketSphinxEngine({ parallelism: 2 });
    try {
      const first = await transcribe(one, meeting.path);
      expect(first.text.split(' ')).toEqual(expect.arrayContaining(['large', 'pizza']));
      // Then each engine hears other audio first, as a busy server's decoders would have.
      await Promise.all([transcribe(one, muffled), transcribe(two, muffled)]);
      const [again, parallel] = await Promise.all([
        transcribe(one, meeting.path),
        transcribe(two, meeting.path),
      ]);
      expect(two.modelLoads).toBe(2);
      expect(again).toEqual(first);
      expect(parallel).toEqual(first);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  }, 240_000);
});
