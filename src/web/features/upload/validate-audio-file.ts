import type { Accept, FileRejection } from 'react-dropzone';
import { ACCEPTED_AUDIO_TYPES, isAcceptedAudioFile } from '../../../core/audio-formats';
import { MESSAGES } from '../../../core/messages';
import { storageLimitMessage } from '../../../core/limit-messages';
import { MAX_UPLOAD_BYTES, PLANS, type PlanId } from '../../../core/plans';

/** Every format the pipeline reads (src/core), as react-dropzone's `accept` map; it also filters the picker. */
export const UPLOAD_ACCEPT: Accept = ACCEPTED_AUDIO_TYPES;

export const TOO_MANY_FILES_MESSAGE = 'Too many files: Please upload one audio file at a time.';

/**
 * The spec's client-side checks, in its order: type (by MIME type or extension), then size, and an
 * empty file said as such. Null when fine.
 */
export function validateAudioFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!isAcceptedAudioFile(file)) return MESSAGES.invalidFileType;
  if (file.size === 0) return MESSAGES.emptyFile;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

/** The storage left, from the usage the dashboard already has; null while it is not known. */
export function storageProblem(
  file: Pick<File, 'size'>,
  usage: { plan: PlanId; storageBytes: number; storageLimit: number } | undefined,
): string | null {
  if (!usage || file.size <= usage.storageLimit - usage.storageBytes) return null;
  return storageLimitMessage(PLANS[usage.plan]);
}

/** The spec's text for a file react-dropzone turned away. */
export function rejectionMessage(rejections: readonly FileRejection[]): string {
  const codes = new Set(
    rejections.flatMap((rejection) => rejection.errors.map((error) => error.code)),
  );
  if (codes.has('too-many-files')) return TOO_MANY_FILES_MESSAGE;
  if (codes.has('file-invalid-type')) return MESSAGES.invalidFileType;
  if (codes.has('file-too-large')) return MESSAGES.fileTooLarge;
  return rejections[0]?.errors[0]?.message ?? MESSAGES.invalidFileType;
}

/** "Title: description" texts from the spec, split for a toast. */
export function splitMessage(message: string): { title: string; description?: string } {
  const colon = message.indexOf(': ');
  if (colon < 0) return { title: message };
  return { title: message.slice(0, colon), description: message.slice(colon + 2) };
}
