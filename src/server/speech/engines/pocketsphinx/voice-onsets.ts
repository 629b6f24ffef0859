import { SpeechEngineError } from '../speech-engine-error.js';
import type { PocketSphinxLibrary } from './pocketsphinx-library.js';
import { CEPSTRUM_SIZE } from './speech-analysis.js';

type Pointer = bigint;

/** Samples per frame at PocketSphinx's 100 frames a second on 16 kHz audio. */
export const FRAME_SAMPLES = 160;

/**
 * Where, inside each block the decoder reads, its voice activity detector goes from silence to
 * speech. A copy of the decoder's front end (same configuration, so the same framing, noise
 * estimate and detector) is fed the same samples one frame at a time and its utterances are
 * ended and started where the decoder's are. The decoder itself keeps reading whole blocks:
 * feeding it smaller pieces changes when its cepstral mean moves, and so its words.
 */
export class VoiceOnsetTracker {
  private readonly library: PocketSphinxLibrary;
  private frontEnd: Pointer | null;
  private inSpeech = false;

  /** `decoderConfig` is the decoder's own configuration, so the copy matches it exactly. */
  constructor(library: PocketSphinxLibrary, decoderConfig: Pointer) {
    this.library = library;
    this.frontEnd = library.createFrontEnd(decoderConfig);
    if (this.frontEnd === null)
      throw new SpeechEngineError('PocketSphinx could not create a front end for timing');
  }

  /** As ps_start_stream then ps_start_utt. */
  startStream(): void {
    const frontEnd = this.handle();
    this.library.startFrontEndStream(frontEnd);
    this.library.startFrontEndUtterance(frontEnd);
    this.inSpeech = false;
  }

  /** As ps_end_utt then ps_start_utt: the detector starts again from silence. */
  restartUtterance(): void {
    const frontEnd = this.handle();
    this.library.endFrontEndUtterance(frontEnd, CEPSTRUM_SIZE);
    this.library.startFrontEndUtterance(frontEnd);
    this.inSpeech = false;
  }

  /**
   * Feeds one block; returns, for each time the detector went into speech inside it, how many
   * samples into the block it had read by then.
   */
  onsetsIn(block: Int16Array): number[] {
    const frontEnd = this.handle();
    const onsets: number[] = [];
    for (let start = 0; start < block.length; start += FRAME_SAMPLES) {
      const end = Math.min(start + FRAME_SAMPLES, block.length);
      const { frames } = this.library.frontEndFrames(frontEnd, block.subarray(start, end));
      if (frames !== null) this.library.freeFrames(frames);
      const inSpeech = this.library.frontEndInSpeech(frontEnd);
      if (inSpeech && !this.inSpeech) onsets.push(end);
      this.inSpeech = inSpeech;
    }
    return onsets;
  }

  free(): void {
    if (this.frontEnd !== null) this.library.freeFrontEnd(this.frontEnd);
    this.frontEnd = null;
  }

  private handle(): Pointer {
    if (this.frontEnd === null)
      throw new SpeechEngineError('the PocketSphinx timing front end was freed');
    return this.frontEnd;
  }
}
