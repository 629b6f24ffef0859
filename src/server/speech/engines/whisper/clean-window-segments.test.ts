import { describe, expect, it } from 'vitest';
import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';
import { cleanWindowSegments } from './clean-window-segments.js';
import { VoiceActivity } from './voice-activity.js';

/** A 10 s window: a 200 Hz tone ("speech") from 1 s to 6 s over faint noise, then quiet. */
function window(): VoiceActivity {
  const pcm = new Int16Array(10 * PCM_SAMPLE_RATE);
  let seed = 1;
  for (let index = 0; index < pcm.length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const noise = ((seed / 2 ** 31) * 2 - 1) * 40;
    const seconds = index / PCM_SAMPLE_RATE;
    const tone = seconds >= 1 && seconds < 6 ? Math.sin(2 * Math.PI * 200 * seconds) * 8000 : 0;
    pcm[index] = Math.round(tone + noise);
  }
  return new VoiceActivity(pcm);
}

const segment = (start: number, end: number, text: string) => ({ start, end, text });

describe('cleanWindowSegments', () => {
  it('keeps what was heard and drops text over silence', () => {
    const cleaned = cleanWindowSegments({
      voice: window(),
      segments: [segment(1, 3, ' The weather is fine. '), segment(7.5, 9.5, 'And some more words')],
    });
    expect(cleaned).toEqual([segment(1, 3, 'The weather is fine.')]);
  });

  it('drops stock phrases over unvoiced audio and sound annotations anywhere', () => {
    const voice = window();
    const cleaned = cleanWindowSegments({
      voice,
      segments: [
        segment(1, 2, '[BLANK_AUDIO]'),
        segment(2, 3, '♪ ♪'),
        segment(3, 5, 'Thank you.'),
        segment(6.2, 9.9, 'Thank you.'),
        segment(5, 6, '(wind blowing)'),
      ],
    });
    // "Thank you." over the tone is kept: someone may well have said it.
    expect(cleaned).toEqual([segment(3, 5, 'Thank you.')]);
  });

  it("drops the previous window's tail written again, and trims a partial overlap", () => {
    const voice = window();
    const previousText = 'We walked to the harbour. The boats were painted blue and green.';
    expect(
      cleanWindowSegments({
        voice,
        previousText,
        segments: [
          segment(1, 2, 'The boats were painted blue and green.'),
          segment(2, 4, 'Then it rained.'),
        ],
      }),
    ).toEqual([segment(2, 4, 'Then it rained.')]);
    expect(
      cleanWindowSegments({
        voice,
        previousText,
        segments: [segment(1, 4, 'painted blue and green, then it rained.')],
      }),
    ).toEqual([segment(1, 4, 'then it rained.')]);
    // Short genuine repeats stay.
    expect(
      cleanWindowSegments({
        voice,
        previousText: 'Is it blue?',
        segments: [segment(1, 2, 'It is.')],
      }),
    ).toEqual([segment(1, 2, 'It is.')]);
  });

  it('merges a phrase whisper repeats back to back', () => {
    const cleaned = cleanWindowSegments({
      voice: window(),
      segments: [
        segment(1, 2, 'I will be right back.'),
        segment(2, 3, 'I will be right back.'),
        segment(3, 4, 'I will be right back!'),
        segment(4, 5, 'No.'),
        segment(5, 6, 'No.'),
      ],
    });
    expect(cleaned).toEqual([
      segment(1, 4, 'I will be right back.'),
      segment(4, 5, 'No.'),
      segment(5, 6, 'No.'),
    ]);
  });
});
