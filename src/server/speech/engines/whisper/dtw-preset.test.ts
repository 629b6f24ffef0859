import { describe, expect, it } from 'vitest';
import type { WhisperHyperparameters } from './ggml-model-format.js';
import { dtwPresetOf } from './dtw-preset.js';
import { parseWhisperAnswer } from './whisper-response.js';

const hparams = (text: { layers: number; heads: number; state: number }, nMels = 80) =>
  ({
    nVocab: 51864,
    nAudioCtx: 1500,
    nAudioState: text.state,
    nAudioHead: text.heads,
    nAudioLayer: text.layers,
    nTextCtx: 448,
    nTextState: text.state,
    nTextHead: text.heads,
    nTextLayer: text.layers,
    nMels,
    ftype: 1,
  }) satisfies WhisperHyperparameters;

describe('whisper word times', () => {
  it('names the --dtw preset of a published shape only', () => {
    const base = hparams({ layers: 6, heads: 8, state: 512 });
    expect(dtwPresetOf({ hparams: base, multilingual: false })).toBe('base.en');
    expect(dtwPresetOf({ hparams: base, multilingual: true })).toBe('base');
    const turbo = hparams({ layers: 4, heads: 20, state: 1280 }, 128);
    expect(dtwPresetOf({ hparams: turbo, multilingual: true })).toBe('large.v3.turbo');
    const test = hparams({ layers: 1, heads: 1, state: 64 });
    expect(dtwPresetOf({ hparams: test, multilingual: false })).toBeUndefined();
  });

  it('reads each segment’s tokens from verbose_json into timed words', () => {
    const answer = parseWhisperAnswer({
      segments: [
        {
          text: ' Hi there.',
          start: 0,
          end: 1,
          words: [
            { word: ' Hi', start: 0, end: 0.3, t_dtw: 5, probability: 0.9 },
            { word: ' there', start: 0.3, end: 0.7, t_dtw: 40, probability: 0.3 },
            { word: '.', start: 0.7, end: 0.8, t_dtw: 70, probability: 0.9 },
          ],
        },
      ],
    });
    expect(answer.segments[0]!.words).toEqual([
      { word: 'Hi', start: 0.05, end: 0.3, confidence: 0.9 },
      { word: 'there.', start: 0.4, end: 0.8, confidence: 0.6 },
    ]);
  });
});
