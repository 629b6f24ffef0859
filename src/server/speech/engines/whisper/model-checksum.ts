import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export interface Checksum {
  algorithm: 'sha1' | 'sha256';
  hex: string;
  /** Where the expected value comes from, for messages. */
  source: string;
}

export async function hashFile(
  filePath: string,
  algorithm: Checksum['algorithm'],
): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** Hugging Face's `X-Linked-Etag` for files stored in LFS is the file's SHA-256, quoted. */
export function publishedSha256(linkedEtag: string | null): string | undefined {
  const value = linkedEtag?.replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase();
  return value && /^[0-9a-f]{64}$/.test(value) ? value : undefined;
}
