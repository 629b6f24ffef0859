/**
 * The newest stretch of a recording's PCM in a buffer of fixed size: memory per live session is
 * bounded however long it runs. Appending past the capacity drops the oldest samples.
 */
export class PcmWindow {
  private readonly buffer: Int16Array;
  private length = 0;
  /** Position in the whole recording (in samples) of the window's first sample. */
  private start = 0;

  constructor(capacitySamples: number) {
    this.buffer = new Int16Array(capacitySamples);
  }

  get startSample(): number {
    return this.start;
  }

  get sampleCount(): number {
    return this.length;
  }

  append(samples: Int16Array): void {
    const capacity = this.buffer.length;
    if (samples.length >= capacity) {
      this.buffer.set(samples.subarray(samples.length - capacity));
      this.start += this.length + samples.length - capacity;
      this.length = capacity;
      return;
    }
    const overflow = Math.max(0, this.length + samples.length - capacity);
    if (overflow > 0) this.dropBefore(this.start + overflow);
    this.buffer.set(samples, this.length);
    this.length += samples.length;
  }

  /** Forgets every sample before this position of the recording. */
  dropBefore(sample: number): void {
    const count = Math.min(this.length, Math.max(0, sample - this.start));
    if (count === 0) return;
    this.buffer.copyWithin(0, count, this.length);
    this.length -= count;
    this.start += count;
  }

  /** A copy of the samples held now. */
  snapshot(): Int16Array {
    return this.buffer.slice(0, this.length);
  }
}
