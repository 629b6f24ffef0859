import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Checksum {
  bytes: number;
  sha256: string;
}

export async function checksumFile(file: string): Promise<Checksum> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

/** Writes a stream to a new file, hashing the bytes on the way: one read of the source. */
export async function writeStreamWithChecksum(source: Readable, target: string): Promise<Checksum> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, counting, createWriteStream(target, { flags: 'wx' }));
  return { bytes, sha256: hash.digest('hex') };
}
