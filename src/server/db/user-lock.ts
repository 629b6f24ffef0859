/**
 * One advisory lock per user, held to the end of a transaction. Quota checks and new
 * transcriptions take it, and so does the deletion of the account: a transcription is either
 * committed before the deletion looks for the user's transcriptions, or sees the deletion.
 */
export const USER_LOCK_SQL = 'SELECT pg_advisory_xact_lock(hashtext($1))';

export const userLockKey = (userId: string) => `user:${userId}`;
