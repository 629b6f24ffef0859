import type { Accept, FileRejection } from 'react-dropzone';
import { ACCEPTED_AUDIO_TYPES } from '../../../core/audio-formats';
import { MESSAGES } from '../../../core/messages';

/** The free trial takes what the dashboard takes: every format the pipeline reads (src/core). */
export const FREE_TRIAL_ACCEPT: Accept = ACCEPTED_AUDIO_TYPES;

/** react-dropzone's own messages ("File type must be ...", "Too many files"), except the spec's text for size and ours for an empty file. */
export function freeTrialRejectionMessage(rejections: readonly FileRejection[]): string {
  const errors = rejections.flatMap((rejection) => rejection.errors);
  if (errors.some((error) => error.code === 'file-too-large')) return MESSAGES.freeTrialTooLarge;
  if (errors.some((error) => error.code === 'file-too-small')) return MESSAGES.emptyFile;
  const messages = [...new Set(errors.map((error) => error.message))];
  return messages.join('. ') || 'This file cannot be used.';
}
