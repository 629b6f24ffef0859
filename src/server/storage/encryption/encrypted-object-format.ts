import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The layout of an encrypted object (docs/decisions/0084-encryption-at-rest.md):
 *
 *   header (88 bytes): magic "SonoEnc\x01" | wrap nonce (12) | data key wrapped by the master key
 *   (32) | wrap tag (16) | base nonce (12) | plaintext length (uint64 BE)
 *   then chunks: each up to 64 KiB of plaintext encrypted with AES-256-GCM, followed by its tag.
 *
 * The wrap binds magic, base nonce and length as associated data, so a changed length or nonce
 * fails to unwrap. Each chunk's nonce is the base nonce with its index XORed into the last 8
 * bytes; its associated data is the index and a last-chunk flag, so chunks cannot be reordered,
 * dropped or the object cut short without a failed tag.
 */
export const MAGIC = Buffer.from('SonoEnc\x01', 'latin1');
export const CHUNK_BYTES = 64 * 1024;
export const TAG_BYTES = 16;
const NONCE_BYTES = 12;
const KEY_BYTES = 32;
export const HEADER_BYTES = MAGIC.length + NONCE_BYTES + KEY_BYTES + TAG_BYTES + NONCE_BYTES + 8;
const WRAP_START = MAGIC.length;
const WRAP_END = WRAP_START + NONCE_BYTES + KEY_BYTES + TAG_BYTES;
export const FRAME_BYTES = CHUNK_BYTES + TAG_BYTES;

export class EncryptedObjectError extends Error {
  override name = 'EncryptedObjectError';
}

export interface ObjectHeader {
  dataKey: Buffer;
  baseNonce: Buffer;
  plaintextBytes: number;
}

export function startsWithMagic(bytes: Buffer): boolean {
  return bytes.length >= MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC);
}

/** How many chunks an object of this length has: at least one, so an empty object has a tag. */
export function chunkCount(plaintextBytes: number): number {
  return Math.max(1, Math.ceil(plaintextBytes / CHUNK_BYTES));
}

export function encryptedSize(plaintextBytes: number): number {
  return HEADER_BYTES + plaintextBytes + chunkCount(plaintextBytes) * TAG_BYTES;
}

function headerAad(baseNonce: Buffer, plaintextBytes: number): Buffer {
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(plaintextBytes));
  return Buffer.concat([MAGIC, baseNonce, length]);
}

/** A new object's header: a fresh data key and base nonce, the key wrapped by `masterKey`. */
export function createHeader(
  masterKey: Buffer,
  plaintextBytes: number,
): { header: ObjectHeader; bytes: Buffer } {
  const header = {
    dataKey: randomBytes(KEY_BYTES),
    baseNonce: randomBytes(NONCE_BYTES),
    plaintextBytes,
  };
  return { header, bytes: encodeHeader(masterKey, header) };
}

export function encodeHeader(masterKey: Buffer, header: ObjectHeader): Buffer {
  const wrapNonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, wrapNonce);
  cipher.setAAD(headerAad(header.baseNonce, header.plaintextBytes));
  const wrapped = Buffer.concat([cipher.update(header.dataKey), cipher.final()]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(header.plaintextBytes));
  return Buffer.concat([MAGIC, wrapNonce, wrapped, cipher.getAuthTag(), header.baseNonce, length]);
}

/** The header's fields, the data key unwrapped; undefined when `masterKey` is not the one. */
export function decodeHeader(masterKey: Buffer, bytes: Buffer): ObjectHeader | undefined {
  if (bytes.length < HEADER_BYTES || !startsWithMagic(bytes))
    throw new EncryptedObjectError('Not an encrypted object header');
  const wrapNonce = bytes.subarray(WRAP_START, WRAP_START + NONCE_BYTES);
  const wrapped = bytes.subarray(WRAP_START + NONCE_BYTES, WRAP_START + NONCE_BYTES + KEY_BYTES);
  const tag = bytes.subarray(WRAP_END - TAG_BYTES, WRAP_END);
  const baseNonce = Buffer.from(bytes.subarray(WRAP_END, WRAP_END + NONCE_BYTES));
  const length = bytes.readBigUInt64BE(WRAP_END + NONCE_BYTES);
  if (length > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const plaintextBytes = Number(length);
  const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapNonce);
  decipher.setAAD(headerAad(baseNonce, plaintextBytes));
  decipher.setAuthTag(tag);
  try {
    const dataKey = Buffer.concat([decipher.update(wrapped), decipher.final()]);
    return { dataKey, baseNonce, plaintextBytes };
  } catch {
    return undefined;
  }
}

function chunkNonce(baseNonce: Buffer, index: number): Buffer {
  const nonce = Buffer.from(baseNonce);
  const mixed = nonce.readBigUInt64BE(NONCE_BYTES - 8) ^ BigInt(index);
  nonce.writeBigUInt64BE(mixed, NONCE_BYTES - 8);
  return nonce;
}

function chunkAad(index: number, last: boolean): Buffer {
  const aad = Buffer.alloc(9);
  aad.writeBigUInt64BE(BigInt(index));
  aad[8] = last ? 1 : 0;
  return aad;
}

/** One chunk's ciphertext followed by its tag. */
export function encryptChunk(header: ObjectHeader, index: number, plaintext: Buffer): Buffer {
  const last = index === chunkCount(header.plaintextBytes) - 1;
  const cipher = createCipheriv('aes-256-gcm', header.dataKey, chunkNonce(header.baseNonce, index));
  cipher.setAAD(chunkAad(index, last));
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

export function decryptChunk(header: ObjectHeader, index: number, frame: Buffer): Buffer {
  const last = index === chunkCount(header.plaintextBytes) - 1;
  const expected = last ? header.plaintextBytes - index * CHUNK_BYTES + TAG_BYTES : FRAME_BYTES;
  if (frame.length !== expected)
    throw new EncryptedObjectError(`Encrypted chunk ${index} is cut short or too long`);
  const decipher = createDecipheriv(
    'aes-256-gcm',
    header.dataKey,
    chunkNonce(header.baseNonce, index),
  );
  decipher.setAAD(chunkAad(index, last));
  decipher.setAuthTag(frame.subarray(frame.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(frame.subarray(0, frame.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new EncryptedObjectError(`Encrypted chunk ${index} failed authentication`);
  }
}
