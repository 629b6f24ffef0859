import type { LiveSegment } from '../../core/live-transcription.js';
import { LIVE_SAMPLE_RATE } from '../../core/live-transcription.js';
import { WORK_PRIORITY } from '../speech/engines/engine.js';
import type { WindowTranscriber } from './live-window-jobs.js';
import { PcmWindow } from './pcm-window.js';
import { transcribeSpeechWindow } from '../speech/vad/transcribe-speech-window.js';

export interface LiveSessionLimits {
  /** Seconds of audio this session previews (the plan's limit, or the recorder's cap). */
  limitSeconds: number;
  /** Longest stretch re-decoded at once; beyond it the text so far is settled and cut off. */
  windowSeconds: number;
  /** New audio that warrants another decode. */
  stepSeconds: number;
  /** Speech that ended this long before the newest audio is settled: later audio cannot change it. */
  settleSeconds: number;
}

export interface LiveTranscript {
  text: string;
  segments: LiveSegment[];
  audioSeconds: number;
}

export interface LiveSessionEvents {
  onTranscript(transcript: LiveTranscript): void;
  /** The limit was reached and its audio decoded: nothing more will come. */
  onLimitReached(): void;
  onFailure(error: unknown): void;
}

/**
 * One live preview: PCM comes in as it is recorded and is decoded again and again over a short
 * sliding window with whichever engine serves now. Speech that ended well before the newest audio
 * is settled and its audio dropped, so memory and the cost of each decode stay bounded however
 * long the recording runs; this works for engines that decode a window whole (whisper) as well as
 * for PocketSphinx.
 */
export class LiveSession {
  private readonly window: PcmWindow;
  private readonly settled: LiveSegment[] = [];
  private readonly limitSamples: number;
  private received = 0;
  private decodedUpTo = 0;
  private decoding = false;
  private finished = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly engine: () => WindowTranscriber,
    private readonly limits: LiveSessionLimits,
    private readonly events: LiveSessionEvents,
  ) {
    this.limitSamples = Math.round(limits.limitSeconds * LIVE_SAMPLE_RATE);
    // Room for the window and for audio that arrives while it is decoded; older audio is dropped.
    this.window = new PcmWindow(Math.round(limits.windowSeconds * 2 * LIVE_SAMPLE_RATE));
  }

  get receivedSeconds(): number {
    return this.received / LIVE_SAMPLE_RATE;
  }

  /**
   * Audio is being decoded or is due to be: the session is not idle, whatever the client does.
   * Less than a step of new audio is not due (until the limit), so a trickle keeps nothing busy.
   */
  get busy(): boolean {
    return !this.finished && (this.decoding || this.decodeDue());
  }

  get limitReached(): boolean {
    return this.received >= this.limitSamples;
  }

  /** Takes the next piece of audio; what goes past the limit is ignored. */
  push(samples: Int16Array): void {
    if (this.finished || this.limitReached) return;
    const room = this.limitSamples - this.received;
    const taken = samples.length > room ? samples.subarray(0, room) : samples;
    this.window.append(taken);
    this.received += taken.length;
    this.decodeWhenDue();
  }

  /** Stops decoding; an answer still on its way is dropped. */
  close(): void {
    this.finished = true;
    this.abort.abort(new Error('the live session ended'));
  }

  private decodeDue(): boolean {
    const fresh = this.received - this.decodedUpTo;
    const last = this.limitReached && fresh > 0;
    return last || fresh >= this.limits.stepSeconds * LIVE_SAMPLE_RATE;
  }

  private decodeWhenDue(): void {
    if (this.decoding || this.finished) return;
    if (!this.decodeDue()) {
      if (this.limitReached && this.received === this.decodedUpTo) this.finish();
      return;
    }
    this.decoding = true;
    void this.decodeWindow().then(
      () => {
        this.decoding = false;
        this.decodeWhenDue();
      },
      (error: unknown) => {
        this.decoding = false;
        if (this.finished) return;
        this.finished = true;
        this.events.onFailure(error);
      },
    );
  }

  private async decodeWindow(): Promise<void> {
    // Behind (a slow engine, or audio sent faster than spoken): the preview skips ahead to the
    // newest window rather than letting each decode grow longer than the last.
    const windowSamples = Math.round(this.limits.windowSeconds * LIVE_SAMPLE_RATE);
    const excess = this.window.sampleCount - windowSamples;
    if (excess > 0) this.window.dropBefore(this.window.startSample + excess);
    const pcm = this.window.snapshot();
    const windowStart = this.window.startSample;
    const receivedAtStart = this.received;
    const engine = this.engine();
    const result = await transcribeSpeechWindow(engine, pcm, {
      priority: WORK_PRIORITY.interactive,
      signal: this.abort.signal,
      ...(engine.carriesContext ? { previousText: this.settledText() } : {}),
    });
    if (this.finished) return;
    this.decodedUpTo = receivedAtStart;
    const windowSeconds = pcm.length / LIVE_SAMPLE_RATE;
    const offset = windowStart / LIVE_SAMPLE_RATE;
    const segments = result.segments.filter((segment) => segment.text.trim() !== '');
    const isLast = receivedAtStart >= this.limitSamples;
    const settleCount = isLast
      ? segments.length
      : countSettled(segments, windowSeconds, this.limits);
    const settling = segments.slice(0, settleCount);
    const open = segments.slice(settleCount);
    for (const segment of settling) this.settled.push(shift(segment, offset));
    const cutSeconds =
      settleCount === segments.length && windowSeconds >= this.limits.windowSeconds
        ? windowSeconds
        : (settling.at(-1)?.end ?? 0);
    this.window.dropBefore(windowStart + Math.round(cutSeconds * LIVE_SAMPLE_RATE));
    const all = [...this.settled, ...open.map((segment) => shift(segment, offset))];
    this.events.onTranscript({
      text: all.map((segment) => segment.text.trim()).join(' '),
      segments: all,
      audioSeconds: receivedAtStart / LIVE_SAMPLE_RATE,
    });
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.events.onLimitReached();
  }

  private settledText(): string {
    return this.settled.map((segment) => segment.text.trim()).join(' ');
  }
}

/**
 * How many leading segments are settled: those that ended `settleSeconds` before the window's
 * end. A window grown to its longest settles all but its last segment (or everything, when the
 * engine heard no pause in it), so the next decode starts on new audio.
 */
export function countSettled(
  segments: readonly LiveSegment[],
  windowSeconds: number,
  limits: Pick<LiveSessionLimits, 'settleSeconds' | 'windowSeconds'>,
): number {
  let count = 0;
  while (
    count < segments.length &&
    (segments[count]?.end ?? Infinity) <= windowSeconds - limits.settleSeconds
  )
    count += 1;
  if (windowSeconds < limits.windowSeconds) return count;
  return Math.max(count, segments.length > 1 ? segments.length - 1 : segments.length);
}

function shift(segment: LiveSegment, offset: number): LiveSegment {
  return {
    start: round(segment.start + offset),
    end: round(segment.end + offset),
    text: segment.text.trim(),
  };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
