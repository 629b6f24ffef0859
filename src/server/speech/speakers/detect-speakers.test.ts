import { describe, expect, it } from 'vitest';
import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';
import { detectSpeakers } from './detect-speakers.js';
import { SpeakerFeatures } from './speaker-features.js';

/** A made-up voice: a pulse train at its pitch through resonances at its formants. */
interface Voice {
  pitchHz: number;
  /** Vowels as formant triples; a longer vocal tract has lower formants. */
  vowels: [number, number, number][];
}

const LOW_VOICE: Voice = {
  pitchHz: 105,
  vowels: [
    [650, 1100, 2400],
    [300, 2100, 2900],
    [450, 850, 2500],
  ],
};
const HIGH_VOICE: Voice = {
  pitchHz: 215,
  vowels: [
    [850, 1500, 3100],
    [380, 2700, 3500],
    [560, 1100, 3000],
  ],
};

/** Pseudo-random, so every run hears the same signal. */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}

/** Syllables of the voice's vowels, four a second, for `seconds`. */
function speak(voice: Voice, seconds: number, seed: number): Float64Array {
  const out = new Float64Array(Math.round(seconds * PCM_SAMPLE_RATE));
  const random = noise(seed);
  const syllable = PCM_SAMPLE_RATE / 4;
  let phase = 0;
  const state = voice.vowels[0]!.map(() => [0, 0]);
  for (let index = 0; index < out.length; index += 1) {
    const vowel = voice.vowels[Math.floor(index / syllable) % voice.vowels.length]!;
    const pitch = voice.pitchHz * (1 + 0.05 * Math.sin((2 * Math.PI * index) / PCM_SAMPLE_RATE));
    phase += pitch / PCM_SAMPLE_RATE;
    const pulse = phase >= 1 ? 1 : 0;
    if (phase >= 1) phase -= 1;
    let sample = 0;
    vowel.forEach((formant, which) => {
      // A two-pole resonator at the formant, 80 Hz wide.
      const radius = Math.exp((-Math.PI * 80) / PCM_SAMPLE_RATE);
      const theta = (2 * Math.PI * formant) / PCM_SAMPLE_RATE;
      const [y1, y2] = state[which]!;
      const y =
        pulse + 0.02 * random() + 2 * radius * Math.cos(theta) * y1! - radius * radius * y2!;
      state[which] = [y, y1!];
      sample += y / (which + 1);
    });
    const envelope = Math.sin((Math.PI * (index % syllable)) / syllable) ** 2;
    out[index] = sample * envelope;
  }
  return out;
}

function recording(parts: ({ voice: Voice; seconds: number } | { silence: number })[]): Int16Array {
  const pieces = parts.map((part, index) =>
    'silence' in part
      ? new Float64Array(Math.round(part.silence * PCM_SAMPLE_RATE))
      : speak(part.voice, part.seconds, index + 1),
  );
  const all = new Float64Array(pieces.reduce((total, piece) => total + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    all.set(piece, offset);
    offset += piece.length;
  }
  const peak = all.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
  const random = noise(99);
  return Int16Array.from(all, (value) => Math.round((value / peak) * 12000 + 20 * random()));
}

function featuresOf(samples: Int16Array, chunkSeconds = 7): SpeakerFeatures {
  const features = new SpeakerFeatures();
  const chunk = chunkSeconds * PCM_SAMPLE_RATE;
  for (let start = 0; start < samples.length; start += chunk)
    features.addChunk(start, samples.subarray(start, start + chunk));
  return features;
}

const conversation = recording([
  { voice: LOW_VOICE, seconds: 5 },
  { silence: 0.5 },
  { voice: HIGH_VOICE, seconds: 5 },
  { silence: 0.5 },
  { voice: LOW_VOICE, seconds: 4 },
  { silence: 0.5 },
  { voice: HIGH_VOICE, seconds: 6 },
]);

/** The voice detection gives the middle of [start, end). */
const voiceAt = (turns: ReturnType<typeof detectSpeakers>, start: number, end: number) =>
  turns.find((turn) => turn.start <= (start + end) / 2 && (start + end) / 2 < turn.end)?.speaker;

describe('detectSpeakers', () => {
  it('tells two voices apart and finds when each speaks', () => {
    const turns = detectSpeakers(featuresOf(conversation).timeline());
    expect(new Set(turns.map((turn) => turn.speaker)).size).toBe(2);
    const low = voiceAt(turns, 0, 5);
    const high = voiceAt(turns, 5.5, 10.5);
    expect(low).not.toBe(high);
    expect(voiceAt(turns, 11, 15)).toBe(low);
    expect(voiceAt(turns, 15.5, 21.5)).toBe(high);
    // Each change of voice within half a second of the pause where it happens.
    const changes = turns.slice(1).filter((turn, index) => turn.speaker !== turns[index]!.speaker);
    expect(changes).toHaveLength(3);
    [
      [5, 5.5],
      [10.5, 11],
      [15, 15.5],
    ].forEach(([pauseStart, pauseEnd], index) => {
      expect(changes[index]!.start).toBeGreaterThanOrEqual(pauseStart! - 0.5);
      expect(changes[index]!.start).toBeLessThanOrEqual(pauseEnd! + 0.5);
    });
  });

  it('hears one voice in a recording of one voice', () => {
    const alone = recording([
      { voice: LOW_VOICE, seconds: 8 },
      { silence: 0.5 },
      { voice: LOW_VOICE, seconds: 8 },
    ]);
    const turns = detectSpeakers(featuresOf(alone).timeline());
    expect(turns.length).toBeGreaterThan(0);
    expect(new Set(turns.map((turn) => turn.speaker))).toEqual(new Set([0]));
  });

  it('finds exactly the number of voices asked for', () => {
    const blocks = featuresOf(conversation).timeline();
    expect(new Set(detectSpeakers(blocks, { speakers: 1 }).map((t) => t.speaker)).size).toBe(1);
    expect(new Set(detectSpeakers(blocks, { speakers: 3 }).map((t) => t.speaker)).size).toBe(3);
  });

  it('finds no one in silence', () => {
    expect(detectSpeakers(featuresOf(new Int16Array(PCM_SAMPLE_RATE * 3)).timeline())).toEqual([]);
  });
});

describe('SpeakerFeatures', () => {
  it('gathers the same features whatever order the chunks arrive in', () => {
    const chunk = 6 * PCM_SAMPLE_RATE;
    const inOrder = featuresOf(conversation, 6).timeline();
    const reversed = new SpeakerFeatures();
    for (let start = Math.floor(conversation.length / chunk) * chunk; start >= 0; start -= chunk)
      reversed.addChunk(start, conversation.subarray(start, start + chunk));
    expect(reversed.timeline()).toEqual(inOrder);
  });
});
