/** A stretch of a recording that holds speech, in samples at 16 kHz. */
export interface SpeechRegion {
  /** Inclusive. */
  startSample: number;
  /** Exclusive. */
  endSample: number;
}

/** Finds the speech in a recording: the one interface the pipeline knows a detector by. */
export interface SpeechDetector {
  /** The speech in a 16 kHz mono s16le PCM file, read in blocks, in order. */
  detectInFile(
    pcmPath: string,
    signal?: AbortSignal,
    /** How much of the file is heard so far, 0 to 1. */
    onProgress?: (fraction: number) => void,
  ): Promise<SpeechRegion[]>;
  /** The speech in samples already in memory (a live window). */
  detectInSamples(samples: Int16Array): Promise<SpeechRegion[]>;
}
