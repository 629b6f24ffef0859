/** What a transcription the user cannot read answers: the same as one that does not exist. */
export const TRANSCRIPTION_NOT_FOUND = 'Transcription not found';
