import { MESSAGES } from '../../../core/messages.js';

export type AudioErrorCode = 'unsupported' | 'undecodable' | 'timeout' | 'beyond-limits';

const USER_MESSAGES: Record<AudioErrorCode, string> = {
  unsupported: MESSAGES.notAudio,
  undecodable: 'This audio file could not be read. It may be damaged or incomplete.',
  timeout: 'Reading this audio file took too long. Please try a shorter or different file.',
  'beyond-limits': 'This audio file is beyond what the server reads.',
};

export interface AudioErrorOptions extends ErrorOptions {
  /** Says which limit the file passed; the code's general message otherwise. */
  userMessage?: string;
}

/**
 * A problem with the audio the user sent. `message` is safe to show to the user;
 * `detail` (ffmpeg's own words) is for logs only.
 */
export class AudioError extends Error {
  override name = 'AudioError';
  readonly code: AudioErrorCode;
  readonly detail: string | undefined;

  constructor(code: AudioErrorCode, detail?: string, options?: AudioErrorOptions) {
    super(options?.userMessage ?? USER_MESSAGES[code], options);
    this.code = code;
    this.detail = detail;
  }
}

export function isAudioError(error: unknown): error is AudioError {
  return error instanceof AudioError;
}

/**
 * Decoding stopped for a reason outside the audio: the disk filled, a read failed, the process
 * was killed or ran out of time. Not the user's doing, so the job is tried again.
 */
export class AudioEnvironmentError extends Error {
  override name = 'AudioEnvironmentError';
}

/**
 * The disk holding the temporary files has no room for the decoded audio. Retrying helps only
 * once space has been freed, so whoever catches it checks before trying again.
 */
export class DiskFullError extends AudioEnvironmentError {
  override name = 'DiskFullError';
}

const DISK_FULL = /No space left on device|Disk quota exceeded/i;

/** What ffmpeg prints when the machine, not the file, is the problem. */
const ENVIRONMENT_FAILURES =
  /No space left on device|Disk quota exceeded|Input\/output error|Read-only file system|Cannot allocate memory|Too many open files|Resource temporarily unavailable|Stale file handle/i;

/**
 * The error for an ffmpeg run that failed: an AudioEnvironmentError when the machine is to blame
 * (timeout, killed by a signal, an operating-system error in its output), else the file's fault.
 */
export function ffmpegFailure(
  result: { exitCode: number | null; stderr: string; timedOut: boolean },
  what: string,
  lastLine: string,
): AudioError | AudioEnvironmentError {
  if (result.timedOut) return new AudioEnvironmentError(`${what}: ran out of time`);
  if (result.exitCode === null) return new AudioEnvironmentError(`${what}: ffmpeg was killed`);
  if (DISK_FULL.test(result.stderr)) return new DiskFullError(`${what}: ${lastLine}`);
  if (ENVIRONMENT_FAILURES.test(result.stderr))
    return new AudioEnvironmentError(`${what}: ${lastLine}`);
  return new AudioError('undecodable', lastLine);
}
