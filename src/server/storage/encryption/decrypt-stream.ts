import { Readable } from 'node:stream';
import {
  chunkCount,
  CHUNK_BYTES,
  decryptChunk,
  EncryptedObjectError,
  FRAME_BYTES,
  TAG_BYTES,
  type ObjectHeader,
} from './encrypted-object-format.js';

/** The ciphertext bytes, counted from the object's first chunk, that hold chunks `first..last`. */
export function framesSpan(header: ObjectHeader, first: number, last: number) {
  const end = Math.min((last + 1) * FRAME_BYTES, lastFrameEnd(header));
  return { start: first * FRAME_BYTES, end: end - 1 };
}

function lastFrameEnd(header: ObjectHeader): number {
  return header.plaintextBytes + chunkCount(header.plaintextBytes) * TAG_BYTES;
}

/**
 * Decrypts the frames of chunks `first..last` as `source` brings them, giving back plaintext
 * bytes `start..end` (inclusive, counted in the whole object). Holds one frame at a time.
 */
export function decryptFrames(
  header: ObjectHeader,
  source: Readable,
  range: { start: number; end: number },
): Readable {
  const first = Math.floor(range.start / CHUNK_BYTES);
  const last = Math.floor(range.end / CHUNK_BYTES);
  async function* plaintext(): AsyncGenerator<Buffer> {
    let index = first;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const frameBytes = (at: number) =>
      Math.min(FRAME_BYTES, header.plaintextBytes - at * CHUNK_BYTES + TAG_BYTES);
    const take = (frame: Buffer, at: number): Buffer => {
      const chunk = decryptChunk(header, at, frame);
      const from = at === first ? range.start - at * CHUNK_BYTES : 0;
      const to = at === last ? range.end - at * CHUNK_BYTES + 1 : chunk.length;
      return chunk.subarray(from, to);
    };
    for await (const piece of source as AsyncIterable<Buffer>) {
      pending.push(piece);
      pendingBytes += piece.length;
      while (index <= last && pendingBytes >= frameBytes(index)) {
        const all = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
        const size = frameBytes(index);
        const out = take(all.subarray(0, size), index);
        pending = all.length > size ? [all.subarray(size)] : [];
        pendingBytes = all.length - size;
        index += 1;
        if (out.length > 0) yield out;
      }
      if (index > last) break;
    }
    if (index <= last) throw new EncryptedObjectError('The encrypted object is cut short');
  }
  return Readable.from(plaintext(), { objectMode: false });
}
