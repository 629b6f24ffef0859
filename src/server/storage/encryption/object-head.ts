import { buffer } from 'node:stream/consumers';
import type { ObjectStorage } from '../object-storage.js';
import {
  decodeHeader,
  EncryptedObjectError,
  HEADER_BYTES,
  startsWithMagic,
  type ObjectHeader,
} from './encrypted-object-format.js';

/** The object's first bytes, as many as a header takes (fewer for a short plain object). */
export async function readObjectHead(inner: ObjectStorage, key: string): Promise<Buffer> {
  try {
    return await buffer(await inner.read(key, { start: 0, end: HEADER_BYTES - 1 }));
  } catch (error) {
    // S3 refuses any range of an empty object; an empty object is a plain one.
    if ((await inner.size(key)) === 0) return Buffer.alloc(0);
    throw error;
  }
}

export type ObjectHead =
  { kind: 'plain' } | { kind: 'encrypted'; bytes: Buffer; header: ObjectHeader; keyIndex: number };

/** What the object is; its header opened with the first of `masterKeys` that opens it. */
export async function inspectObject(
  inner: ObjectStorage,
  key: string,
  masterKeys: readonly Buffer[],
): Promise<ObjectHead> {
  const bytes = await readObjectHead(inner, key);
  if (!startsWithMagic(bytes)) return { kind: 'plain' };
  for (const [keyIndex, masterKey] of masterKeys.entries()) {
    const header = decodeHeader(masterKey, bytes);
    if (header) return { kind: 'encrypted', bytes, header, keyIndex };
  }
  throw new EncryptedObjectError(
    `The stored object ${key} is encrypted under another key than ENCRYPTION_KEY`,
  );
}
