import { MESSAGES } from '../../../core/messages.js';

export type AudioErrorCode = 'unsupported' | 'undecodable' | 'timeout';

const USER_MESSAGES: Record<AudioErrorCode, string> = {
  unsupported: MESSAGES.invalidFileType,
  undecodable: 'This audio file could not be read. It may be damaged or incomplete.',
  timeout: 'Reading this audio file took too long. Please try a shorter or different file.',
};

/**
 * A problem with the audio the user sent. `message` is safe to show to the user;
 * `detail` (ffmpeg's own words) is for logs only.
 */
export class AudioError extends Error {
  override name = 'AudioError';
  readonly code: AudioErrorCode;
  readonly detail: string | undefined;

  constructor(code: AudioErrorCode, detail?: string, options?: ErrorOptions) {
    super(USER_MESSAGES[code], options);
    this.code = code;
    this.detail = detail;
  }
}

export function isAudioError(error: unknown): error is AudioError {
  return error instanceof AudioError;
}
