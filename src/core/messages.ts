import { ACCEPTED_AUDIO_LABELS } from './audio-formats.js';

/** User-facing texts the spec quotes letter for letter; server and web both read them here. */
export const MESSAGES = {
  invalidFileType: 'Invalid file type: Please upload an audio file (MP3, WAV, or M4A).',
  fileTooLarge: 'File too large: File size exceeds the maximum limit of 100MB.',
  /** Decision 0071: what the server says once it has read the bytes (the type check above is by name). */
  emptyFile: 'This file is empty.',
  notAudio: `This file isn't audio or video we can read. Please upload ${ACCEPTED_AUDIO_LABELS}.`,
  automaticTruncation:
    'Automatic truncation: This file may exceed the free tier limit of 30 seconds. It will be automatically truncated to the free limit.',
  freeTrialTooLarge: 'Maximum file size is 100 MB',
  microphoneDenied: 'Please allow microphone access to record audio.',
  uploadNetworkError: 'There was an error uploading your file. Please try again.',
  uploadCancelledTitle: 'Upload cancelled',
  uploadCancelled: 'Your file upload was cancelled.',
  transcriptionFailedTitle: 'Transcription failed',
  genericError: 'An error occurred',
  transcriptionCompleteTitle: 'Transcription complete!',
  transcriptionComplete: 'Your audio has been successfully transcribed.',
  transcriptionTruncatedTitle: 'Transcription complete (truncated)',
  transcriptionTruncated:
    'Your audio exceeded the free tier limit and was truncated to 30 seconds. Upgrade to Pro for full transcriptions.',
  downloadFailed: 'There was an error downloading your transcription',
  downloadSucceeded: 'Download successful',
  deleteFailed: 'There was an error deleting your transcription',
  deleteSucceeded: 'Transcription deleted',
  deleteConfirm: 'Are you sure you want to delete this transcription?',
  listErrorTitle: 'Error loading transcriptions',
  listError: 'Please try again later.',
  freeTrialFailed: 'There was an error processing your audio',
  truncatedAlert: 'This transcription has been truncated to 30 seconds (free tier limit)',
  notFoundTranscription:
    "Transcription not found. The transcription you're looking for doesn't exist or you don't have permission to view it.",
  notFoundTitle: '404 Page Not Found',
  /** Decision 20 (shared/spec/DECISIONS.md): the spec's developer sentence, said to users. */
  notFoundText:
    'We could not find this page. The link may be mistyped, or the page may have moved.',
  loadingAuth: 'Loading authentication state...',
  emptyTitle: 'No transcriptions yet',
  emptyText: 'Get started by uploading your first audio file.',
  contactSentTitle: 'Message sent!',
  contactSent: "We'll get back to you as soon as possible.",
  contactStoredTitle: 'Message saved',
  contactStored:
    'Your message is stored for the team on this server. This server does not send email, so nobody has been notified yet.',
  contactName: 'Name must be at least 2 characters.',
  contactEmail: 'Please enter a valid email address.',
  contactSubject: 'Subject must be at least 5 characters.',
  contactMessage: 'Message must be at least 10 characters.',
} as const;
