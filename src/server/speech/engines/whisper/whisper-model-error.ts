import { SpeechEngineError } from '../speech-engine-error.js';
import { fixCommandFor } from './whisper-model-catalog.js';

export type WhisperModelProblem = 'missing' | 'truncated' | 'wrong-format' | 'corrupt';

/**
 * The whisper model file cannot be used. The message names the file and the command that fixes
 * it, for the operator reading the start-up log.
 */
export class WhisperModelError extends SpeechEngineError {
  override name = 'WhisperModelError';

  constructor(
    readonly problem: WhisperModelProblem,
    readonly filePath: string,
    detail: string,
  ) {
    super(`${describeProblem(problem, filePath, detail)} Fix: ${fixCommandFor(filePath)}`);
  }
}

function describeProblem(problem: WhisperModelProblem, filePath: string, detail: string): string {
  switch (problem) {
    case 'missing':
      return `Whisper model file not found: ${filePath} (${detail}).`;
    case 'truncated':
      return `Whisper model file ${filePath} is incomplete (${detail}); the download was probably interrupted.`;
    case 'wrong-format':
      return `${filePath} is not a whisper.cpp model (${detail}).`;
    case 'corrupt':
      return `Whisper model file ${filePath} is damaged (${detail}).`;
  }
}
