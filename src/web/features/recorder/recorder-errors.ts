import { MESSAGES } from '../../../core/messages';

/** What to tell the user when recording cannot start. */
export function recorderErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return MESSAGES.microphoneDenied;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found.';
  if (name === 'NotSupportedError') return 'This browser cannot record audio.';
  return 'Recording could not start. Please try again.';
}
