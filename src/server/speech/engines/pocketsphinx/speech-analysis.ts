import { closeSync, openSync, readSync } from 'node:fs';
import type { PreferredCut } from '../../audio/plan-chunks.js';
import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';
import { SpeechEngineError } from '../speech-engine-error.js';
import type { PocketSphinxLibrary } from './pocketsphinx-library.js';

/** The block size pocketsphinx_continuous reads, so voice activity detection behaves the same. */
export const BLOCK_SAMPLES = 2048;
/** MFCC coefficients per frame in the en-us model (`-ceplen`). */
export const CEPSTRUM_SIZE = 13;
/** The starting cepstral mean is measured on the speech in this first stretch of a recording. */
const INITIAL_MEAN_SECONDS = 30;
/** Below this much speech (100 frames a second) the model's own starting mean is kept. */
const INITIAL_MEAN_MIN_FRAMES = 100;
const READ_BLOCKS = 256;

/** What PocketSphinx's front end makes of a whole recording, before any decoding. */
export interface SpeechAnalysis {
  sampleCount: number;
  /** Block ends where the decoder's voice activity detector ends an utterance, with the pause after. */
  utteranceEnds: PreferredCut[];
  /**
   * The live cepstral mean the decoder would hold at the start of each block, had it decoded the
   * recording from its start: CEPSTRUM_SIZE values per block.
   */
  cepstralMeans: Float32Array<ArrayBuffer>;
}

/** The live cepstral mean at the start of the block holding `sample`. */
export function cepstralMeanAt(analysis: SpeechAnalysis, sample: number): Float32Array {
  const blocks = analysis.cepstralMeans.length / CEPSTRUM_SIZE;
  const block = Math.min(Math.max(0, Math.floor(sample / BLOCK_SAMPLES)), blocks - 1);
  return analysis.cepstralMeans.slice(block * CEPSTRUM_SIZE, (block + 1) * CEPSTRUM_SIZE);
}

type Pointer = bigint;

interface FrontEndListener {
  beforeBlock?: () => void;
  /** The frames the voice activity detector let through, as a native 2-D array. */
  frames?: (frames: Pointer, count: number) => void;
  /** `sample` is the start of the block in which speech began. */
  utteranceStart?: (sample: number) => void;
  /** `sample` is the end of the block after which the decoder would end the utterance. */
  utteranceEnd?: (sample: number) => void;
}

/**
 * Runs a copy of the decoder's front end over a recording: the same framing, noise removal, voice
 * activity detection and live cepstral mean, without the search, which is where the decoder
 * spends its time. What it finds lets the pipeline cut chunks where the decoder itself would end
 * an utterance, and start every chunk with the cepstral mean a decoder that had heard the
 * recording from its start would have. Each chunk can then be decoded alone, on any thread, and
 * the transcript no longer depends on what the thread decoded before.
 */
export class SpeechAnalyser {
  private readonly library: PocketSphinxLibrary;
  private frontEnd: Pointer | null;
  private mean: Pointer | null;
  private readonly modelMean: Float32Array;

  /** `decoderConfig` is the decoder's own configuration, so the copy matches it exactly. */
  constructor(library: PocketSphinxLibrary, decoderConfig: Pointer, modelMean: Float32Array) {
    this.library = library;
    this.modelMean = modelMean;
    this.frontEnd = library.createFrontEnd(decoderConfig);
    this.mean = library.createCepstralMean(CEPSTRUM_SIZE);
    if (this.frontEnd === null || this.mean === null) {
      this.free();
      throw new SpeechEngineError('PocketSphinx could not create a front end for analysis');
    }
  }

  analyse(pcmPath: string): SpeechAnalysis {
    const { mean } = this.handles();
    const library = this.library;
    library.setCepstralMean(mean, this.initialMean(pcmPath));
    const utteranceEnds: PreferredCut[] = [];
    const means: Float32Array[] = [];
    let pendingEnd: number | undefined;
    const sampleCount = this.runFrontEnd(pcmPath, Number.POSITIVE_INFINITY, {
      beforeBlock: () => means.push(library.getCepstralMean(mean, CEPSTRUM_SIZE)),
      frames: (frames, count) => library.accumulateCepstralMean(mean, frames, count),
      utteranceStart: (sample) => {
        if (pendingEnd !== undefined)
          utteranceEnds.push({ sample: pendingEnd, pauseSamples: sample - pendingEnd });
        pendingEnd = undefined;
      },
      utteranceEnd: (sample) => {
        library.updateCepstralMean(mean);
        pendingEnd = sample;
      },
    });
    if (pendingEnd !== undefined && pendingEnd < sampleCount)
      utteranceEnds.push({ sample: pendingEnd, pauseSamples: sampleCount - pendingEnd });
    const cepstralMeans = new Float32Array(Math.max(1, means.length) * CEPSTRUM_SIZE);
    if (means.length === 0) cepstralMeans.set(this.modelMean);
    means.forEach((values, index) => cepstralMeans.set(values, index * CEPSTRUM_SIZE));
    return { sampleCount, utteranceEnds, cepstralMeans };
  }

  free(): void {
    if (this.frontEnd !== null) this.library.freeFrontEnd(this.frontEnd);
    if (this.mean !== null) this.library.freeCepstralMean(this.mean);
    this.frontEnd = null;
    this.mean = null;
  }

  /**
   * The mean of the speech frames in the first stretch, where the decoder would start from the
   * model's generic mean and take seconds of speech to adapt: a short recording is then decoded
   * with its own channel's mean from its first word.
   */
  private initialMean(pcmPath: string): Float32Array {
    const library = this.library;
    const sums = new Float64Array(CEPSTRUM_SIZE);
    let frameCount = 0;
    this.runFrontEnd(pcmPath, INITIAL_MEAN_SECONDS * PCM_SAMPLE_RATE, {
      frames: (frames, count) => {
        for (let index = 0; index < count; index += 1) {
          const frame = library.readFrame(frames, index, CEPSTRUM_SIZE);
          // cmn_live skips frames of negative log energy; so does this.
          if ((frame[0] ?? -1) < 0) continue;
          frame.forEach((value, coefficient) => {
            sums[coefficient] = (sums[coefficient] ?? 0) + value;
          });
          frameCount += 1;
        }
      },
    });
    if (frameCount < INITIAL_MEAN_MIN_FRAMES) return this.modelMean;
    return Float32Array.from(sums, (sum) => sum / frameCount);
  }

  /**
   * Feeds the recording to the front end block by block from a fresh stream, and ends and starts
   * utterances where pocketsphinx_continuous calls ps_end_utt and ps_start_utt.
   */
  private runFrontEnd(pcmPath: string, maxSamples: number, on: FrontEndListener): number {
    const { frontEnd } = this.handles();
    const library = this.library;
    library.startFrontEndStream(frontEnd);
    library.startFrontEndUtterance(frontEnd);
    let inUtterance = false;
    return forEachBlock(pcmPath, maxSamples, (block, offset) => {
      on.beforeBlock?.();
      const { frames, count } = library.frontEndFrames(frontEnd, block);
      if (frames !== null) {
        if (count > 0) on.frames?.(frames, count);
        library.freeFrames(frames);
      }
      const inSpeech = library.frontEndInSpeech(frontEnd);
      if (inSpeech && !inUtterance) {
        inUtterance = true;
        on.utteranceStart?.(offset);
      } else if (!inSpeech && inUtterance) {
        library.endFrontEndUtterance(frontEnd, CEPSTRUM_SIZE);
        library.startFrontEndUtterance(frontEnd);
        inUtterance = false;
        on.utteranceEnd?.(offset + block.length);
      }
    });
  }

  private handles(): { frontEnd: Pointer; mean: Pointer } {
    if (this.frontEnd === null || this.mean === null)
      throw new SpeechEngineError('the PocketSphinx analyser was freed');
    return { frontEnd: this.frontEnd, mean: this.mean };
  }
}

/** Calls `visit` with each BLOCK_SAMPLES block of a 16-bit PCM file; returns the samples read. */
function forEachBlock(
  pcmPath: string,
  maxSamples: number,
  visit: (block: Int16Array, offset: number) => void,
): number {
  const samples = new Int16Array(BLOCK_SAMPLES * READ_BLOCKS);
  const bytes = Buffer.from(samples.buffer);
  const descriptor = openSync(pcmPath, 'r');
  let offset = 0;
  try {
    while (offset < maxSamples) {
      let filled = 0;
      while (filled < bytes.length) {
        const read = readSync(
          descriptor,
          bytes,
          filled,
          bytes.length - filled,
          offset * 2 + filled,
        );
        if (read === 0) break;
        filled += read;
      }
      const available = Math.min(Math.floor(filled / 2), maxSamples - offset);
      for (let start = 0; start < available; start += BLOCK_SAMPLES) {
        visit(samples.subarray(start, Math.min(start + BLOCK_SAMPLES, available)), offset + start);
      }
      offset += available;
      if (filled < bytes.length) break;
    }
  } finally {
    closeSync(descriptor);
  }
  return offset;
}
