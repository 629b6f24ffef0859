import type { SpeechEngine, TranscribeOptions, TranscriptionResult } from '../engines/engine.js';
import { keepSpeech } from './keep-speech.js';
import { muteNonSpeechSamples } from './mute-non-speech.js';
import { sileroSpeechDetector } from './silero-speech-detector.js';
import type { SpeechDetector } from './speech-region.js';

/**
 * One window of 16 kHz samples held in memory (a live preview): only its speech reaches the
 * engine, a window without speech reaches it not at all, and segments snap to the speech.
 */
export async function transcribeSpeechWindow(
  engine: Pick<SpeechEngine, 'transcribe'>,
  samples: Int16Array,
  options: TranscribeOptions,
  detector: SpeechDetector = sileroSpeechDetector,
): Promise<TranscriptionResult> {
  const regions = await detector.detectInSamples(samples);
  if (regions.length === 0) return { text: '', segments: [] };
  const result = await engine.transcribe(muteNonSpeechSamples(samples, regions), options);
  return keepSpeech(result, { startSample: 0, endSample: samples.length }, regions);
}
