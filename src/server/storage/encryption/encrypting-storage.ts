import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FetchedObject, type ObjectStorage } from '../object-storage.js';
import { decryptFrames, framesSpan } from './decrypt-stream.js';
import { encryptFile } from './encrypt-file.js';
import { CHUNK_BYTES, HEADER_BYTES } from './encrypted-object-format.js';
import { inspectObject } from './object-head.js';

/** The object that proves, at every start, that the configured key is the storage's key. */
export const KEY_CHECK_KEY = 'encryption-key-check';

/**
 * Keeps every object encrypted (AES-256-GCM, chunked: see encrypted-object-format.ts) in the
 * storage behind it, under the same interface: callers never see ciphertext. Objects stored
 * before encryption (no header) are read as they are until the sweep encrypts them.
 *
 * `masterKeys[0]` wraps new objects; every key in the list opens existing ones.
 */
export function createEncryptingStorage(
  inner: ObjectStorage,
  masterKeys: readonly [Buffer, ...Buffer[]],
): ObjectStorage {
  const [currentKey] = masterKeys;

  async function read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const head = await inspectObject(inner, key, masterKeys);
    if (head.kind === 'plain') return inner.read(key, range);
    const { header } = head;
    const wanted = {
      start: range?.start ?? 0,
      end: Math.min(range?.end ?? header.plaintextBytes - 1, header.plaintextBytes - 1),
    };
    if (header.plaintextBytes === 0 && !range)
      wanted.end = 0; // still check the empty chunk's tag
    else if (wanted.start > wanted.end) return Readable.from([]);
    const first = Math.floor(wanted.start / CHUNK_BYTES);
    const span = framesSpan(header, first, Math.floor(wanted.end / CHUNK_BYTES));
    const source = await inner.read(key, {
      start: HEADER_BYTES + span.start,
      end: HEADER_BYTES + span.end,
    });
    return decryptFrames(header, source, wanted);
  }

  return {
    async putFile(key, sourcePath) {
      assertSafeKey(key);
      const encrypted = `${sourcePath}.encrypting`;
      try {
        await encryptFile(currentKey, sourcePath, encrypted);
        await inner.putFile(key, encrypted);
      } finally {
        await rm(encrypted, { force: true });
      }
      await rm(sourcePath, { force: true });
    },
    async fetch(key, workDir): Promise<FetchedObject> {
      const copyPath = path.join(workDir, key);
      try {
        await pipeline(await read(key), createWriteStream(copyPath));
      } catch (error) {
        await rm(copyPath, { force: true });
        throw error;
      }
      return { path: copyPath, release: () => rm(copyPath, { force: true }) };
    },
    read,
    async size(key) {
      const head = await inspectObject(inner, key, masterKeys);
      return head.kind === 'plain' ? inner.size(key) : head.header.plaintextBytes;
    },
    delete: (key) => inner.delete(key),
    async list(prefix) {
      return (await inner.list(prefix)).filter((object) => object.key !== KEY_CHECK_KEY);
    },
  };
}
