import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { currentFieldKey, registeredFieldKeys } from './field-keys.js';

/** Marks an encrypted value; a value without it was written before encryption, in plain. */
export const ENVELOPE_PREFIX = 'sx1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class FieldDecryptionError extends Error {
  override name = 'FieldDecryptionError';
}

/**
 * `sx1:` + base64(nonce | ciphertext | tag), AES-256-GCM under the database key. `purpose` (the
 * kind of field, e.g. `transcriptions.text`) is the associated data, so a value moved into a
 * field of another kind does not decrypt.
 */
export function encryptField(purpose: string, plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', currentFieldKey().data, nonce);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ENVELOPE_PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

export const isEncryptedField = (value: string) => value.startsWith(ENVELOPE_PREFIX);

export function decryptField(purpose: string, value: string): string {
  if (!isEncryptedField(value)) return value;
  const bytes = Buffer.from(value.slice(ENVELOPE_PREFIX.length), 'base64');
  const nonce = bytes.subarray(0, NONCE_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const body = bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES);
  for (const key of registeredFieldKeys()) {
    const decipher = createDecipheriv('aes-256-gcm', key.data, nonce);
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      // Another key of this process, or a damaged value: the next key, then the error below.
    }
  }
  throw new FieldDecryptionError(
    `A stored ${purpose} does not decrypt under this installation's database key.`,
  );
}
