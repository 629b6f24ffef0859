import type { Accept, FileRejection } from 'react-dropzone';
import { MESSAGES } from '../../../core/messages';

/** The free trial takes more formats than the dashboard: mp3, wav, m4a, ogg, flac and aac. */
export const FREE_TRIAL_ACCEPT: Accept = {
  'audio/mpeg': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/mp4': ['.m4a'],
  'audio/x-m4a': ['.m4a'],
  'audio/ogg': ['.ogg'],
  'audio/flac': ['.flac'],
  'audio/x-flac': ['.flac'],
  'audio/aac': ['.aac'],
};

/** react-dropzone's own messages ("File type must be ...", "Too many files"), except the spec's text for size. */
export function freeTrialRejectionMessage(rejections: readonly FileRejection[]): string {
  const errors = rejections.flatMap((rejection) => rejection.errors);
  if (errors.some((error) => error.code === 'file-too-large')) return MESSAGES.freeTrialTooLarge;
  const messages = [...new Set(errors.map((error) => error.message))];
  return messages.join('. ') || 'This file cannot be used.';
}
