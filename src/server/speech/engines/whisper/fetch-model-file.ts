import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { publishedSha256 } from './model-checksum.js';

const MAX_REDIRECTS = 5;

export interface ModelResponse {
  response: Response;
  /** From the redirect Hugging Face answers with before its CDN serves the bytes. */
  publishedSha256: string | undefined;
  publishedSize: number | undefined;
}

/**
 * GET with redirects followed by hand, because the checksum Hugging Face publishes travels on
 * the redirect (`X-Linked-Etag`, `X-Linked-Size`), not on the CDN's answer.
 */
export async function requestModelFile(
  url: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<ModelResponse> {
  let current = url;
  let sha256: string | undefined;
  let size: number | undefined;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const response = await fetch(current, { headers, redirect: 'manual', signal });
    sha256 ??= publishedSha256(response.headers.get('x-linked-etag'));
    const linkedSize = Number(response.headers.get('x-linked-size'));
    if (size === undefined && linkedSize > 0) size = linkedSize;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current).toString();
      continue;
    }
    return { response, publishedSha256: sha256, publishedSize: size };
  }
  throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
}

/** Total size from `Content-Range: bytes 100-199/1000` or `bytes *\/1000`. */
export function totalFromContentRange(header: string | null): number | undefined {
  const total = header ? /\/(\d+)\s*$/.exec(header)?.[1] : undefined;
  return total === undefined ? undefined : Number(total);
}

/** First byte of a 206 answer's range. */
export function startOfContentRange(header: string | null): number | undefined {
  const start = header ? /bytes\s+(\d+)-/.exec(header)?.[1] : undefined;
  return start === undefined ? undefined : Number(start);
}

/** Streams a body into the file (appending when `append`), reporting bytes as they land. */
export async function writeBody(
  response: Response,
  filePath: string,
  append: boolean,
  onBytes: (count: number) => void,
): Promise<void> {
  if (!response.body) throw new Error('the answer has no body');
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length);
      callback(null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
    counter,
    createWriteStream(filePath, { flags: append ? 'a' : 'w' }),
  );
}
