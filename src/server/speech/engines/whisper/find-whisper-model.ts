import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { inspectWhisperModel, type WhisperModelInfo } from './inspect-whisper-model.js';
import { downloadCommand, modelFileName, rankModelFiles } from './whisper-model-catalog.js';
import { WhisperModelError } from './whisper-model-error.js';

export type WhisperModelSearch =
  | { found: true; model: WhisperModelInfo; how: string; problems: string[] }
  | { found: false; how: string; problems: string[] };

/**
 * `WHISPER_MODEL` as a file: a path (with a slash), a file name in the models folder
 * (`ggml-base.en.bin`) or a model name (`base.en` -> models/ggml-base.en.bin).
 */
export function whisperModelPath(setting: string, modelsDir: string): string {
  if (setting.includes('/') || setting.includes(path.sep)) return path.resolve(setting);
  if (setting.endsWith('.bin')) return path.join(modelsDir, setting);
  return path.join(modelsDir, modelFileName(setting));
}

/**
 * The model to load: the one WHISPER_MODEL names, or else the best usable ggml-*.bin in the
 * models folder. Unusable files are reported in `problems` with the command that fixes them.
 */
export async function findWhisperModel(
  setting: string | undefined,
  modelsDir: string,
): Promise<WhisperModelSearch> {
  if (setting) {
    const filePath = whisperModelPath(setting, modelsDir);
    try {
      const model = await inspectWhisperModel(filePath);
      return { found: true, model, how: `WHISPER_MODEL=${setting}`, problems: [] };
    } catch (error) {
      if (!(error instanceof WhisperModelError)) throw error;
      return {
        found: false,
        how: `WHISPER_MODEL=${setting} cannot be used`,
        problems: [error.message],
      };
    }
  }
  const candidates = rankModelFiles(await listModelFiles(modelsDir));
  const problems: string[] = [];
  for (const fileName of candidates) {
    try {
      const model = await inspectWhisperModel(path.join(modelsDir, fileName));
      return { found: true, model, how: `found in ${modelsDir}`, problems };
    } catch (error) {
      if (!(error instanceof WhisperModelError)) throw error;
      problems.push(error.message);
    }
  }
  const how =
    candidates.length === 0
      ? `no whisper model in ${modelsDir} (add one with: ${downloadCommand('base.en')})`
      : `no usable whisper model in ${modelsDir}`;
  return { found: false, how, problems };
}

async function listModelFiles(modelsDir: string): Promise<string[]> {
  try {
    const entries = await readdir(modelsDir, { withFileTypes: true });
    return (
      entries
        // Silero voice-activity models share the folder and the prefix but are not whisper models.
        .filter((entry) => entry.isFile() && /^ggml-(?!silero).+\.bin$/.test(entry.name))
        .map((entry) => entry.name)
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
