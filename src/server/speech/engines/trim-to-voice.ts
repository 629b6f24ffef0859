import type { TranscriptSegment } from './engine.js';
import { clampWords } from './segment-words.js';
import type { VoiceActivity } from './whisper/voice-activity.js';

/**
 * Pulls each segment's edges in to the sound inside it. Whisper (whisper.cpp, and the
 * OpenAI-compatible services that run it) times segments back to back: a segment after a pause
 * starts where the one before ended, in the silence, and a window's last segment runs to the
 * window's end. Click-to-seek would land seconds before the words. Only silence at the edges is
 * cut: what the engine heard stays in the segment, and a segment over no sound at all keeps its
 * times for the caller to judge.
 */
export function trimToVoice(
  segments: readonly TranscriptSegment[],
  voice: VoiceActivity,
): TranscriptSegment[] {
  return segments.map((segment) => {
    const voiced = voice.voicedSpan(segment.start, segment.end);
    if (!voiced) return { ...segment };
    const trimmed = { ...segment, start: voiced.start, end: voiced.end };
    return segment.words
      ? { ...trimmed, words: clampWords(segment.words, voiced.start, voiced.end) }
      : trimmed;
  });
}
