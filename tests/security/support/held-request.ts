import { request } from 'node:http';
import { BOUNDARY, multipartHead } from '../../integration/support/raw-upload.js';

export interface HeldAnswer {
  status: number;
  message: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface HeldUpload {
  /** The server's answer, or 'closed' when it hung up without one. */
  answer: Promise<HeldAnswer | 'closed'>;
  /** The visitor goes away. */
  abandon(): void;
}

/** Sent after the head, so the server has begun the file and it shows in the work folder. */
const FIRST_BYTES = 64 * 1024;

/**
 * A multipart upload that declares `declaredBytes` and sends only its head and first bytes, then
 * waits: whatever the server answers now, it decided before the rest of the body arrived.
 */
export function heldUpload(
  baseUrl: string,
  options: { path: string; declaredBytes: number; headers?: Record<string, string> },
): HeldUpload {
  const req = request(new URL(options.path, baseUrl), {
    method: 'POST',
    headers: {
      ...options.headers,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': options.declaredBytes,
    },
  });
  const answer = new Promise<HeldAnswer | 'closed'>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      const done = () => {
        let message = body;
        try {
          message = (JSON.parse(body) as { message: string }).message;
        } catch {
          // not JSON: the raw body says what happened
        }
        resolve({ status: res.statusCode ?? 0, message, headers: res.headers });
      };
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', () => resolve('closed'));
    req.on('close', () => resolve('closed'));
  });
  req.write(multipartHead('audio', 'held.wav', 'audio/wav'));
  req.write(Buffer.alloc(FIRST_BYTES));
  return { answer, abandon: () => req.destroy() };
}
