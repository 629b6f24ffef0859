import { customType } from 'drizzle-orm/pg-core';
import { decryptField, encryptField } from './field-envelope.js';

/**
 * A text column holding its value encrypted (`field-envelope.ts`); reads and writes through
 * Drizzle see the plain text. `purpose` is the associated data: columns that copy values between
 * them in SQL (the text and the machine's original) share one.
 */
export const encryptedText = (name: string, purpose: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => encryptField(purpose, value),
    fromDriver: (value) => decryptField(purpose, value),
  })(name);

/** The same for a value kept as JSON (a column that was `jsonb` before encryption). */
export const encryptedJson = <T>(name: string, purpose: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => encryptField(purpose, JSON.stringify(value)),
    fromDriver: (value) => JSON.parse(decryptField(purpose, value)) as T,
  })(name);

/** The associated data of each kind of encrypted field. */
export const FIELD_PURPOSES = {
  transcriptText: 'transcriptions.text',
  transcriptSegments: 'transcriptions.segments',
  transcriptLine: 'transcript_lines.line',
  commentText: 'transcript_comments.text',
  webhookSecret: 'webhook_endpoints.secret',
} as const;
