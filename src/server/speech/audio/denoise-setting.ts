import type { DenoiseSetting } from '../../../core/api/denoise-field.js';
import { measureFrameEnergy } from './plan-chunks.js';

export type { DenoiseSetting };

/**
 * `auto` denoises only a recording whose noise floor is at least this loud. bench:clean-audio
 * (docs/benchmarks.md): real speech with its floor at -33 dBFS (pink noise at 10 dB SNR) went
 * from 68.7% to 48.5% word error rate with the denoiser; clean speech (-55 dBFS) from 17.9% to
 * 16.4%, two words in 134, too few to act on. -45 lies between (docs/decisions/0060). All
 * six noisy and music-backed conditions (floors -42 to -23 dBFS) lie above it, and there the
 * denoiser helped in five and cost one word in the sixth (docs/decisions/0067).
 */
export const AUTO_DENOISE_FLOOR_DBFS = -45;

/**
 * The recording's noise floor: the level of its quietest tenth of 20 ms frames, in dB below
 * full scale. The pauses of clean speech sit near -90; speech under steady noise at 0 dB SNR
 * near -30.
 */
export async function measureNoiseFloorDbfs(pcmPath: string): Promise<number> {
  const { frameEnergy } = await measureFrameEnergy(pcmPath);
  if (frameEnergy.length === 0) return Number.NEGATIVE_INFINITY;
  const sorted = Float32Array.from(frameEnergy).sort();
  const quiet = sorted[Math.floor(sorted.length * 0.1)] ?? 0;
  return 10 * Math.log10(Math.max(quiet, 1e-3) / 32768 ** 2);
}

/** Whether this recording is denoised before recognition. */
export async function wantsDenoise(setting: DenoiseSetting, pcmPath: string): Promise<boolean> {
  if (setting !== 'auto') return setting === 'on';
  return (await measureNoiseFloorDbfs(pcmPath)) >= AUTO_DENOISE_FLOOR_DBFS;
}
