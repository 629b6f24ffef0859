import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speakersDataDirectory } from '../../../../tests/fixtures/speech/dev-set.js';
import { makeTempDirectory } from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { decodeAudio } from '../audio/decode-audio.js';
import { planChunks } from '../audio/plan-chunks.js';
import { readPcmRange } from '../audio/read-pcm-range.js';
import { sniffAudioFile } from '../audio/sniff-audio-format.js';
import { countByBic, DEFAULT_TUNING, detectSpeakers } from './detect-speakers.js';
import { CEPSTRA } from './mel-cepstrum.js';
import { SpeakerFeatures } from './speaker-features.js';

/** A quarter second of 25 frames whose cepstra alternate ±1 around `mean` in every dimension. */
function block(mean: number): Float64Array {
  const values = new Float64Array(1 + 2 * CEPSTRA);
  values[0] = 25;
  for (let c = 0; c < CEPSTRA; c += 1) {
    values[1 + c] = 25 * mean;
    values[1 + CEPSTRA + c] = 25 * (mean * mean + 1);
  }
  return values;
}

const unit = (...values: number[]) => {
  const length = Math.hypot(...values);
  return Float64Array.from(values, (value) => value / length);
};

describe('countByBic', () => {
  // Windows in two tight groups, so the dendrogram's cut in two separates them.
  const windows = [unit(1, 0.05), unit(1, -0.05), unit(1, 0), unit(0.05, 1), unit(-0.05, 1)];
  // Ten seconds of one voice, then ten of another two spreads away.
  const speech = [
    ...Array.from({ length: 40 }, () => block(0)),
    ...Array.from({ length: 40 }, () => block(2)),
  ];

  it('counts the voices the turns give out, not the windows', () => {
    // Each quarter second given to the voice of the window group that matches it.
    const turns = (labels: readonly number[]) =>
      speech.map((_, step) => (step < 40 ? labels[0]! : labels[4]!));
    expect(new Set(countByBic(windows, turns, speech, DEFAULT_TUNING)).size).toBe(2);
  });

  it('keeps one voice when the turns of two clusters would each hold both voices', () => {
    // A cut whose turns alternate every quarter second explains no more than one voice does.
    const mixed = (labels: readonly number[]) =>
      speech.map((_, step) => labels[step % 2 === 0 ? 0 : 4]!);
    expect(new Set(countByBic(windows, mixed, speech, DEFAULT_TUNING)).size).toBe(1);
  });
});

describe('speaker detection on short turns of real readers', () => {
  let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
  beforeAll(async () => {
    directory = await makeTempDirectory();
  });
  afterAll(() => directory.remove());

  it('hears two readers who each speak once, for 3 s and for 5 s', async () => {
    // conversation-06: reader 8226 from 0 to 2.98 s, then reader 1363 from 3.24 to 8.5 s. Counted
    // on 3 s windows, each straddling the two, the two readers were one voice (decision 0074).
    const file = path.join(speakersDataDirectory(), 'conversation-06-2-speakers.flac');
    const sniffed = await sniffAudioFile(file);
    const decoded = await decodeAudio({
      inputPath: file,
      demuxer: sniffed!.demuxer,
      outputPath: path.join(directory.path, 'conversation.pcm'),
    });
    const features = new SpeakerFeatures();
    for (const chunk of await planChunks(decoded.pcmPath, { maxChunkSeconds: 60 }))
      features.addChunk(chunk.startSample, await readPcmRange(decoded.pcmPath, chunk));
    const turns = detectSpeakers(features.timeline());
    const at = (time: number) =>
      turns.find((turn) => turn.start <= time && time < turn.end)?.speaker;
    expect(new Set(turns.map((turn) => turn.speaker)).size).toBe(2);
    expect(at(1.5)).toBe(0);
    expect(at(6)).toBe(1);
  });
});
