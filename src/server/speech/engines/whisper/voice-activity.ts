import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';

const FRAME_SAMPLES = 320;
/** About -50 dBFS: below this a 20 ms frame holds nothing anyone could transcribe. */
const SILENCE_RMS = 104;
/** A frame counts as voiced when it stands this far above the window's own background. */
const ABOVE_BACKGROUND = 3;

/**
 * Loudness of a window in 20 ms frames: enough to tell sound from silence, and voiced frames
 * from the window's steady background, which is where whisper makes text up.
 */
export class VoiceActivity {
  private readonly levels: Float64Array;
  private readonly voicedThreshold: number;
  private readonly sampleCount: number;

  constructor(pcm: Int16Array) {
    this.sampleCount = pcm.length;
    const frameCount = Math.ceil(pcm.length / FRAME_SAMPLES);
    this.levels = new Float64Array(frameCount);
    for (let frame = 0; frame < frameCount; frame += 1) {
      const start = frame * FRAME_SAMPLES;
      const end = Math.min(start + FRAME_SAMPLES, pcm.length);
      let sum = 0;
      for (let index = start; index < end; index += 1) sum += (pcm[index] ?? 0) ** 2;
      this.levels[frame] = Math.sqrt(sum / Math.max(1, end - start));
    }
    const sorted = Float64Array.from(this.levels).sort();
    const background = sorted[Math.floor(sorted.length * 0.1)] ?? 0;
    this.voicedThreshold = Math.max(SILENCE_RMS * 2, background * ABOVE_BACKGROUND);
  }

  /** No frame anywhere reaches -50 dBFS. */
  get silent(): boolean {
    return this.isSilent(0, Number.POSITIVE_INFINITY);
  }

  isSilent(startSeconds: number, endSeconds: number): boolean {
    const [first, last] = this.frames(startSeconds, endSeconds);
    for (let frame = first; frame < last; frame += 1) {
      if ((this.levels[frame] ?? 0) >= SILENCE_RMS) return false;
    }
    return true;
  }

  /** Share of frames between two times that stand out from the background. */
  voicedShare(startSeconds: number, endSeconds: number): number {
    const [first, last] = this.frames(startSeconds, endSeconds);
    if (last <= first) return 0;
    let voiced = 0;
    for (let frame = first; frame < last; frame += 1) {
      if ((this.levels[frame] ?? 0) >= this.voicedThreshold) voiced += 1;
    }
    return voiced / (last - first);
  }

  /**
   * From the start of the first frame that stands out from the background to the end of the
   * last one, between two times; undefined when none does.
   */
  voicedSpan(startSeconds: number, endSeconds: number): { start: number; end: number } | undefined {
    const [first, last] = this.frames(startSeconds, endSeconds);
    let from = -1;
    let to = -1;
    for (let frame = first; frame < last; frame += 1) {
      if ((this.levels[frame] ?? 0) < this.voicedThreshold) continue;
      if (from < 0) from = frame;
      to = frame;
    }
    if (from < 0) return undefined;
    const seconds = (frame: number): number => (frame * FRAME_SAMPLES) / PCM_SAMPLE_RATE;
    return { start: seconds(from), end: Math.min(seconds(to + 1), this.durationSeconds) };
  }

  private get durationSeconds(): number {
    return this.sampleCount / PCM_SAMPLE_RATE;
  }

  private frames(startSeconds: number, endSeconds: number): [number, number] {
    const toFrame = (seconds: number) => (seconds * PCM_SAMPLE_RATE) / FRAME_SAMPLES;
    return [
      Math.max(0, Math.floor(toFrame(startSeconds))),
      Math.min(this.levels.length, Math.ceil(toFrame(endSeconds))),
    ];
  }
}
