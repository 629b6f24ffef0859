import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';

/** 25 ms frames every 10 ms, the usual analysis for speech. */
export const FRAME_SAMPLES = 400;
export const FRAME_HOP_SAMPLES = 160;
const FFT_SIZE = 512;
const MEL_FILTERS = 26;
const LOWEST_HZ = 60;
const HIGHEST_HZ = 7600;
/** Cepstra c1..c19: c0 is loudness, which says more about the microphone distance than the voice. */
export const CEPSTRA = 19;

/** One frame's mel cepstrum (c1..c19) and its loudness in dB. */
export interface CepstralFrames {
  /** frames × CEPSTRA, row after row. */
  cepstra: Float32Array;
  /** Log energy of each frame, in dB. */
  energyDb: Float32Array;
  count: number;
}

const hzToMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);

/** Triangular mel filters over the FFT bins: for each filter, its first bin and its weights. */
function melFilterBank(): { first: number; weights: Float32Array }[] {
  const lowMel = hzToMel(LOWEST_HZ);
  const highMel = hzToMel(HIGHEST_HZ);
  const edges = Array.from({ length: MEL_FILTERS + 2 }, (_, index) =>
    melToHz(lowMel + ((highMel - lowMel) * index) / (MEL_FILTERS + 1)),
  ).map((hz) => (hz * FFT_SIZE) / PCM_SAMPLE_RATE);
  return Array.from({ length: MEL_FILTERS }, (_, filter) => {
    const [left, centre, right] = [edges[filter]!, edges[filter + 1]!, edges[filter + 2]!];
    const first = Math.ceil(left);
    const last = Math.floor(right);
    const weights = new Float32Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin += 1) {
      weights[bin - first] =
        bin <= centre ? (bin - left) / (centre - left) : (right - bin) / (right - centre);
    }
    return { first, weights };
  });
}

const FILTERS = melFilterBank();
const WINDOW = Float32Array.from(
  { length: FRAME_SAMPLES },
  (_, index) => 0.54 - 0.46 * Math.cos((2 * Math.PI * index) / (FRAME_SAMPLES - 1)),
);
/** DCT-II rows for c1..c19. */
const DCT = Array.from({ length: CEPSTRA }, (_, row) =>
  Float32Array.from({ length: MEL_FILTERS }, (_, column) =>
    Math.cos((Math.PI * (row + 1) * (column + 0.5)) / MEL_FILTERS),
  ),
);
const BIT_REVERSED = (() => {
  const bits = Math.log2(FFT_SIZE);
  return Uint16Array.from({ length: FFT_SIZE }, (_, index) => {
    let reversed = 0;
    for (let bit = 0; bit < bits; bit += 1) reversed |= ((index >> bit) & 1) << (bits - 1 - bit);
    return reversed;
  });
})();
const COS = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) =>
  Math.cos((2 * Math.PI * k) / FFT_SIZE),
);
const SIN = Float64Array.from(
  { length: FFT_SIZE / 2 },
  (_, k) => -Math.sin((2 * Math.PI * k) / FFT_SIZE),
);

/** In-place radix-2 FFT of real input held in `re` (im starts at 0). */
function fft(re: Float64Array, im: Float64Array): void {
  for (let index = 0; index < FFT_SIZE; index += 1) {
    const target = BIT_REVERSED[index]!;
    if (target > index) {
      [re[index], re[target]] = [re[target]!, re[index]!];
      [im[index], im[target]] = [im[target]!, im[index]!];
    }
  }
  for (let size = 2; size <= FFT_SIZE; size *= 2) {
    const half = size / 2;
    const step = FFT_SIZE / size;
    for (let start = 0; start < FFT_SIZE; start += size) {
      for (let k = 0; k < half; k += 1) {
        const cos = COS[k * step]!;
        const sin = SIN[k * step]!;
        const a = start + k;
        const b = a + half;
        const tRe = re[b]! * cos - im[b]! * sin;
        const tIm = re[b]! * sin + im[b]! * cos;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
      }
    }
  }
}

/** Mel cepstra of every whole frame in 16 kHz samples (frame i starts at sample i × 160). */
export function melCepstrum(samples: Int16Array): CepstralFrames {
  const count =
    samples.length < FRAME_SAMPLES
      ? 0
      : Math.floor((samples.length - FRAME_SAMPLES) / FRAME_HOP_SAMPLES) + 1;
  const cepstra = new Float32Array(count * CEPSTRA);
  const energyDb = new Float32Array(count);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  const logMel = new Float64Array(MEL_FILTERS);
  for (let frame = 0; frame < count; frame += 1) {
    const offset = frame * FRAME_HOP_SAMPLES;
    re.fill(0);
    im.fill(0);
    let energy = 0;
    let previous = offset > 0 ? samples[offset - 1]! : samples[offset]!;
    for (let index = 0; index < FRAME_SAMPLES; index += 1) {
      const sample = samples[offset + index]!;
      // Pre-emphasis lifts the high frequencies, where voices differ most.
      re[index] = (sample - 0.97 * previous) * WINDOW[index]!;
      previous = sample;
      energy += sample * sample;
    }
    energyDb[frame] = 10 * Math.log10(energy / FRAME_SAMPLES + 1);
    fft(re, im);
    for (let bin = 0; bin <= FFT_SIZE / 2; bin += 1) power[bin] = re[bin]! ** 2 + im[bin]! ** 2;
    FILTERS.forEach(({ first, weights }, filter) => {
      let sum = 0;
      for (let index = 0; index < weights.length; index += 1)
        sum += weights[index]! * power[first + index]!;
      logMel[filter] = Math.log(sum + 1e-3);
    });
    for (let row = 0; row < CEPSTRA; row += 1) {
      const basis = DCT[row]!;
      let sum = 0;
      for (let column = 0; column < MEL_FILTERS; column += 1)
        sum += basis[column]! * logMel[column]!;
      cepstra[frame * CEPSTRA + row] = sum;
    }
  }
  return { cepstra, energyDb, count };
}
