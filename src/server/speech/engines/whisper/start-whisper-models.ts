import type { SpeechEngine } from '../engine.js';
import { LanguageRoutedWhisper } from './language-routed-whisper.js';
import { startWhisperEngine, type WhisperEngineOptions } from './whisper-engine.js';

export interface WhisperModelsOptions extends Omit<WhisperEngineOptions, 'modelPath'> {
  modelPath: string;
  /** An English-only model of the same size, for English audio (docs/decisions/0053). */
  englishModelPath?: string;
}

/**
 * Starts whisper on one model, or on a multilingual model with its English-only twin. When the
 * twin will not start, the multilingual model serves alone (with a warning): every language still
 * works, English a little less well.
 */
export async function startWhisperModels(options: WhisperModelsOptions): Promise<SpeechEngine> {
  const { englishModelPath, ...single } = options;
  const main = await startWhisperEngine(single);
  if (!englishModelPath || !main.multilingual) return main;
  try {
    const english = await startWhisperEngine({ ...single, modelPath: englishModelPath });
    if (!english.multilingual) return new LanguageRoutedWhisper(main, english);
    await english.close();
    options.onWarning?.(`${englishModelPath} is not an English-only model; it is not used`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    options.onWarning?.(`English audio goes to ${main.model}: ${message}`);
  }
  return main;
}
