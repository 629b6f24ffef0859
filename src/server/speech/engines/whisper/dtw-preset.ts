import type { WhisperModelInfo } from './inspect-whisper-model.js';

/** The decoders of the published models: whisper.cpp's alignment heads are named for these. */
const TEXT_DECODERS: Record<string, { layers: number; heads: number; state: number }> = {
  tiny: { layers: 4, heads: 6, state: 384 },
  base: { layers: 6, heads: 8, state: 512 },
  small: { layers: 12, heads: 12, state: 768 },
  medium: { layers: 24, heads: 16, state: 1024 },
  large: { layers: 32, heads: 20, state: 1280 },
};
const TURBO_LAYERS = 4;
const LARGE_V3_MELS = 128;

/**
 * whisper-server's `--dtw` preset for this model: the alignment heads whose attention follows the
 * audio, which give each token a time (dynamic time warping). Undefined for a model of another
 * shape: a preset names heads by layer, and whisper.cpp refuses heads its model lacks.
 */
export function dtwPresetOf(
  model: Pick<WhisperModelInfo, 'hparams' | 'multilingual'>,
): string | undefined {
  const { nTextLayer, nTextHead, nTextState, nMels } = model.hparams;
  if (nTextState === 1280 && nTextHead === 20 && nMels === LARGE_V3_MELS)
    return nTextLayer === TURBO_LAYERS
      ? 'large.v3.turbo'
      : nTextLayer === 32
        ? 'large.v3'
        : undefined;
  const size = Object.entries(TEXT_DECODERS).find(
    ([, decoder]) =>
      decoder.layers === nTextLayer && decoder.heads === nTextHead && decoder.state === nTextState,
  )?.[0];
  if (size === undefined) return undefined;
  if (size === 'large') return 'large.v2';
  return model.multilingual ? size : `${size}.en`;
}
