/** Share of the bar for the work before the first words: decoding and finding the speech. */
export const PREPARATION_SHARE = 0.05;
/** A chunk still being decoded is shown at most this far along, however slow the engine is. */
const IN_FLIGHT_CAP = 0.9;
/** Before an engine has decoded anything in this process: real time, a pessimistic guess. */
const FIRST_GUESS_SAMPLES_PER_MS = 16;

/** What each engine decoded lately, in samples per millisecond per chunk: the next job's guess. */
const recentSpeeds = new Map<string, number>();

interface ChunkInFlight {
  samples: number;
  startedAt: number;
}

/**
 * How far a transcription is, in audio: the share of the file whose words are in, plus the part of
 * each chunk still in the engine that its measured speed says is done. It moves with the audio
 * between chunks instead of jumping from chunk to chunk.
 */
export class AudioProgress {
  private preparation = 0;
  private doneSamples = 0;
  private readonly inFlight = new Map<number, ChunkInFlight>();
  private highest = 0;

  constructor(
    private readonly totalSamples: number,
    private readonly engineKey: string,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Decoding and speech detection are this far (0 to 1). */
  prepared(fraction: number): void {
    this.preparation = Math.max(this.preparation, Math.min(1, fraction));
  }

  chunkStarted(index: number, samples: number): void {
    this.preparation = 1;
    this.inFlight.set(index, { samples, startedAt: this.now() });
  }

  /** A chunk's words are in; one the engine decoded (not skipped as silence) teaches its speed. */
  chunkFinished(index: number, samples: number, decoded: boolean): void {
    this.preparation = 1;
    const chunk = this.inFlight.get(index);
    this.inFlight.delete(index);
    this.doneSamples += samples;
    if (!decoded || !chunk) return;
    const took = this.now() - chunk.startedAt;
    if (took > 0) recentSpeeds.set(this.engineKey, chunk.samples / took);
  }

  /** 0 to 100; never lower than before, even when a slower chunk lowers the speed. */
  percent(): number {
    this.highest = Math.max(this.highest, this.estimate());
    return this.highest;
  }

  private estimate(): number {
    if (this.totalSamples <= 0) return 100 * this.preparation * PREPARATION_SHARE;
    const speed = recentSpeeds.get(this.engineKey) ?? FIRST_GUESS_SAMPLES_PER_MS;
    const now = this.now();
    let estimated = this.doneSamples;
    for (const chunk of this.inFlight.values()) {
      estimated += Math.min(chunk.samples * IN_FLIGHT_CAP, (now - chunk.startedAt) * speed);
    }
    const decoding = Math.min(1, estimated / this.totalSamples);
    return 100 * (PREPARATION_SHARE * this.preparation + (1 - PREPARATION_SHARE) * decoding);
  }
}
