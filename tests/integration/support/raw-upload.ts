import { request } from 'node:http';

export interface RawResponse {
  status: number;
  body: string;
}

const BOUNDARY = '----sonoscript-test-boundary';

export function multipartHead(
  field: string,
  filename: string,
  type = 'application/octet-stream',
): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}

export const MULTIPART_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * Sends a multipart body by hand, for what fetch will not do: a Content-Length that lies, a body
 * streamed in pieces, or a client that goes away halfway.
 */
export function rawUpload(
  baseUrl: string,
  options: {
    cookie: string;
    contentLength?: number;
    pieces: AsyncIterable<Buffer> | Buffer[];
    abortAfterBytes?: number;
    path?: string;
  },
): Promise<RawResponse | 'aborted'> {
  const url = new URL(options.path ?? '/api/transcriptions', baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      cookie: options.cookie,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    };
    if (options.contentLength !== undefined) headers['content-length'] = options.contentLength;
    else headers['transfer-encoding'] = 'chunked';
    const req = request(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (
        options.abortAfterBytes !== undefined ||
        error.code === 'ECONNRESET' ||
        error.code === 'EPIPE'
      ) {
        resolve('aborted');
      } else {
        reject(error);
      }
    });
    void (async () => {
      let sent = 0;
      for await (const piece of options.pieces) {
        if (req.destroyed) return;
        const ok = req.write(piece);
        sent += piece.length;
        if (options.abortAfterBytes !== undefined && sent >= options.abortAfterBytes) {
          req.destroy();
          resolve('aborted');
          return;
        }
        if (!ok) await new Promise((resolveDrain) => req.once('drain', resolveDrain));
      }
      req.end();
    })();
  });
}

/** `count` pieces of `size` bytes each, made lazily so a 100 MB body never sits in memory. */
export async function* zeroPieces(count: number, size: number): AsyncGenerator<Buffer> {
  const piece = Buffer.alloc(size);
  for (let index = 0; index < count; index++) yield piece;
}
