import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error.js';
import { guardedRequest } from '../outbound/guarded-request.js';
import { OutboundError } from '../outbound/outbound-error.js';
import type { OutboundPolicy } from '../outbound/outbound-policy.js';
import type { ReceiveUploadLimit } from './receive-upload.js';
import { sanitizeFilename } from './sanitize-filename.js';
import { URL_IMPORT_MESSAGES } from './url-import-messages.js';

/** Redirects a link may take before the file (each one checked like the link itself). */
export const URL_IMPORT_MAX_REDIRECTS = 5;

export interface DownloadTimeouts {
  /** Until the answer's headers: a host that accepts and says nothing is given up on. */
  headersMs: number;
  /** The whole download: 100 MB at a slow 200 KB/s fits. */
  totalMs: number;
}

export const URL_IMPORT_TIMEOUTS: DownloadTimeouts = { headersMs: 20_000, totalMs: 10 * 60_000 };

/** Only audio and video: a page, a JSON document or an unknown type is not fetched further. */
export function isAudioOrVideoType(contentType: string): boolean {
  return /^(audio|video)\/[\w.+-]+$/i.test(contentType);
}

function filenameOf(response: IncomingMessage, url: URL): string {
  const disposition = response.headers['content-disposition'] ?? '';
  const named =
    /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ??
    /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  let raw = named ?? url.pathname.split('/').pop() ?? '';
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // Kept as sent: a name with a stray % is still a name.
  }
  return sanitizeFilename(raw, url.hostname);
}

function byteLimit(limit: ReceiveUploadLimit, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > limit.maxBytes) callback(limit.exceeded());
      else callback(null, chunk);
    },
  });
}

function asImportError(error: unknown, deadline: AbortSignal): unknown {
  if (error instanceof OutboundError)
    return new AppError(
      'unprocessable',
      error.kind === 'refused'
        ? URL_IMPORT_MESSAGES.refused(error.message)
        : URL_IMPORT_MESSAGES.failed(error.message),
    );
  if (deadline.aborted && !(error instanceof AppError))
    return new AppError('unprocessable', URL_IMPORT_MESSAGES.tooSlow);
  return error;
}

/**
 * Fetches an audio or video file from a link the user gave into `tempPath`, through the outbound
 * guard (no private addresses, at most 5 redirects), refusing any other type and stopping the
 * moment the file passes `limit` (a declared length over it is refused before the body is read).
 * The caller owns `tempPath` and removes it, whatever happens here.
 */
export async function downloadAudio(
  policy: OutboundPolicy,
  link: string,
  tempPath: string,
  options: { limit: ReceiveUploadLimit; signal?: AbortSignal; timeouts?: DownloadTimeouts },
): Promise<{ filename: string; size: number }> {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    throw new AppError('bad_request', URL_IMPORT_MESSAGES.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError('bad_request', URL_IMPORT_MESSAGES.badUrl);
  const { headersMs, totalMs } = options.timeouts ?? URL_IMPORT_TIMEOUTS;
  const headersDeadline = new AbortController();
  const headersTimer = setTimeout(() => headersDeadline.abort(), headersMs);
  const deadline = AbortSignal.any([
    headersDeadline.signal,
    AbortSignal.timeout(totalMs),
    ...(options.signal ? [options.signal] : []),
  ]);
  try {
    const { response, url: finalUrl } = await guardedRequest(policy, {
      url,
      headers: { accept: 'audio/*, video/*' },
      maxRedirects: URL_IMPORT_MAX_REDIRECTS,
      signal: deadline,
    });
    clearTimeout(headersTimer);
    const status = response.statusCode ?? 0;
    const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    const declared = Number(response.headers['content-length']);
    let refusal: AppError | undefined;
    if (status < 200 || status >= 300)
      refusal = new AppError('unprocessable', URL_IMPORT_MESSAGES.notOk(status));
    else if (!isAudioOrVideoType(type))
      refusal = new AppError('unprocessable', URL_IMPORT_MESSAGES.notAudio(type));
    else if (Number.isFinite(declared) && declared > options.limit.maxBytes)
      refusal = options.limit.exceeded();
    if (refusal) {
      response.destroy();
      throw refusal;
    }
    const counter = { bytes: 0 };
    await pipeline(response, byteLimit(options.limit, counter), createWriteStream(tempPath));
    return { filename: filenameOf(response, finalUrl), size: counter.bytes };
  } catch (error) {
    throw asImportError(error, deadline);
  } finally {
    clearTimeout(headersTimer);
  }
}
