import { request } from 'node:http';
import { EventEmitter, once } from 'node:events';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export const BOUNDARY = '----sonoscript-test-boundary';

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
    let answered = false;
    let onAnswered!: () => void;
    const answer = new Promise<void>((resolveAnswer) => (onAnswered = resolveAnswer));
    const req = request(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        answered = true;
        onAnswered();
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
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
        // Answered before the whole body went out (a refusal): stop sending and hang up, as a
        // browser does; Node's client emits no more 'drain' for a request already answered.
        if (answered) {
          req.destroy();
          return;
        }
        const ok = req.write(piece);
        sent += piece.length;
        if (options.abortAfterBytes !== undefined && sent >= options.abortAfterBytes) {
          req.destroy();
          resolve('aborted');
          return;
        }
        if (!ok) await Promise.race([once(req, 'drain'), answer]);
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

/**
 * Sends a whole upload and then a second request on one keep-alive connection, without waiting,
 * as a browser or an SDK that keeps writing would; `chunked` leaves out Content-Length, as the
 * OpenAI SDK does for a file stream. Returns everything the connection received until it closed
 * or the second answer arrived.
 */
export async function uploadThenAsk(
  baseUrl: string,
  options: {
    cookie: string;
    origin: string;
    bodyBytes: number;
    secondPath: string;
    chunked?: boolean;
  },
): Promise<string> {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  let received = '';
  let closed = false;
  const changed = new EventEmitter();
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    changed.emit('change');
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    changed.emit('change');
  });
  const body = Buffer.concat([
    multipartHead('audio', 'long.wav', 'audio/wav'),
    Buffer.alloc(options.bodyBytes),
    MULTIPART_TAIL,
  ]);
  const framing = options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  socket.write(
    `POST /api/transcriptions HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${options.cookie}\r\n` +
      `Origin: ${options.origin}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `${framing}\r\n\r\n`,
  );
  const piece = 64 * 1024;
  for (let at = 0; at < body.length && !closed; at += piece) {
    const part = body.subarray(at, at + piece);
    const ok = socket.write(
      options.chunked
        ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
        : part,
    );
    if (!ok && !closed) await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
  }
  if (options.chunked) socket.write('0\r\n\r\n');
  socket.write(`GET ${options.secondPath} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  while ((received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length < 2 && !closed)
    await once(changed, 'change');
  socket.destroy();
  return received;
}
