/**
 * The live preview's WebSocket contract (`GET /api/transcriptions/live`, upgraded).
 *
 * The browser sends binary messages of 16 kHz mono signed 16-bit little-endian PCM as it records.
 * The server answers with JSON text messages. The preview is only a preview: the transcript that
 * is kept is made from the whole recording once it is uploaded.
 */
export const LIVE_TRANSCRIPTION_PATH = '/api/transcriptions/live';

/** The one audio form the live preview takes. */
export const LIVE_SAMPLE_RATE = 16_000;

/** Largest binary message the server accepts (about 2 s of audio). */
export const LIVE_MAX_MESSAGE_BYTES = 64 * 1024;

export interface LiveSegment {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  text: string;
}

export type LiveStopReason = 'plan-limit' | 'recording-limit' | 'idle';

export type LiveServerMessage =
  /**
   * Sent once after the upgrade: how much audio this session will preview, and its id. The
   * recording's upload names the id (`livePreview`) so a preview counted against the Free plan's
   * month is not counted again (docs/decisions/0072).
   */
  | { type: 'ready'; limitSeconds: number; engine: string; previewId: string }
  /** The preview so far, whole each time (segments already sent may still change at the end). */
  | { type: 'transcript'; text: string; segments: LiveSegment[]; audioSeconds: number }
  /** The preview ends; the recording in the browser goes on. The socket closes next. */
  | { type: 'stopped'; reason: LiveStopReason; message: string }
  | { type: 'error'; message: string };

/** WebSocket close codes the server uses besides 1000 (normal) and 1001 (going away). */
export const LIVE_CLOSE = {
  /** The audio message was not 16-bit PCM (odd length, text, or too large). */
  badAudio: 4400,
  /** Too many live previews open for this account. */
  tooManySessions: 4429,
  /** The month's transcriptions are used up: a live preview counts as one on such a plan. */
  monthlyLimit: 4403,
  /** Every place for a live preview (or every place open to the plan) is taken. */
  busy: 4503,
  /** The session or account it was opened with has ended (sign-out, account deletion). */
  signedOut: 4401,
} as const;
