import type { Accept, FileRejection } from 'react-dropzone';
import { MESSAGES } from '../../../core/messages';
import { MAX_UPLOAD_BYTES } from '../../../core/plans';

const AUDIO_TYPES: Record<string, readonly string[]> = {
  'audio/mpeg': ['.mp3'],
  'audio/mp3': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/wave': ['.wav'],
  'audio/mp4': ['.m4a'],
  'audio/x-m4a': ['.m4a'],
  'audio/m4a': ['.m4a'],
};

/** The dashboard's accepted types (MP3, WAV, M4A), as react-dropzone's `accept` map; it also filters the picker. */
export const UPLOAD_ACCEPT: Accept = AUDIO_TYPES;

const EXTENSIONS = new Set(Object.values(AUDIO_TYPES).flat());

export const TOO_MANY_FILES_MESSAGE = 'Too many files: Please upload one audio file at a time.';

/** The spec's client-side checks, in its order: type (by MIME type or extension), then size. Null when fine. */
export function validateAudioFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  const mime = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  if (!(mime in AUDIO_TYPES) && !EXTENSIONS.has(extension)) return MESSAGES.invalidFileType;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
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
