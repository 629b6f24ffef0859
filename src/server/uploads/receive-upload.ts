import type { MultipartFile } from '@fastify/multipart';
import { uploadBytes, uploads } from '../metrics/metrics-registry.js';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '../../core/messages.js';
import { MAX_UPLOAD_BYTES } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import { containsNul, NUL_CHARACTER_REFUSED } from '../http/refuse-nul-characters.js';
import { sanitizeFilename } from './sanitize-filename.js';
import { URL_IMPORT_MESSAGES } from './url-import-messages.js';
import { MULTIPART_OVERHEAD_BYTES } from './upload-reservations.js';

export interface ReceiveUploadLimit {
  /** The most bytes the file may have; the stream stops before writing more. */
  maxBytes: number;
  /** The refusal when the file runs past `maxBytes`. */
  exceeded(): AppError;
}

export interface ReceivedUpload {
  filename: string;
  size: number;
  fields: Record<string, string>;
}

/** A form that names a link (`url`) instead of carrying the file: the file is fetched next. */
export interface FormWithLink {
  link: string;
  fields: Record<string, string>;
}

export function tooLarge(): AppError {
  return new AppError('payload_too_large', MESSAGES.fileTooLarge);
}

/** The request's Content-Length, or undefined for a chunked body. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  const declared = header === undefined ? NaN : Number(header);
  return Number.isFinite(declared) && declared >= 0 ? declared : undefined;
}

/** Refuses before reading the body when the declared length is already over the limit. */
export function assertDeclaredLengthAllowed(request: FastifyRequest): void {
  const declared = declaredLength(request);
  if (declared !== undefined && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES)
    throw tooLarge();
}

export const MULTIPART_MALFORMED =
  'The upload is malformed or incomplete: the multipart body ended early or does not match its boundary. Please send the file again.';
export const MULTIPART_NO_BOUNDARY =
  'The upload has no multipart boundary: its Content-Type must be multipart/form-data with a boundary, as browsers send it.';

/** Busboy's complaints about the body itself (no code; filesystem errors carry one). */
const MALFORMED_MULTIPART = /^(Unexpected end of (multipart data|form)|Multipart: |Malformed )/;

function hasBoundary(request: FastifyRequest): boolean {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  return Boolean(match?.[1] ?? match?.[2]);
}

function isMultipartError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** The checks that need only the headers: a multipart body, not declared over the limit. */
export function assertUploadRequest(request: FastifyRequest, fileField = 'audio'): void {
  if (!request.isMultipart())
    throw new AppError(
      'bad_request',
      `Send the audio as multipart/form-data in a field named "${fileField}".`,
    );
  if (!hasBoundary(request)) throw new AppError('bad_request', MULTIPART_NO_BOUNDARY);
  assertDeclaredLengthAllowed(request);
}

/** Counts bytes and fails the stream at `limit` + 1, so no more than that is ever written. */
function byteLimit(limit: ReceiveUploadLimit, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > limit.maxBytes) callback(limit.exceeded());
      else callback(null, chunk);
    },
  });
}

const FILE_SIZE_LIMIT: ReceiveUploadLimit = { maxBytes: MAX_UPLOAD_BYTES, exceeded: tooLarge };

/**
 * Streams the one file (the web app's `audio`, OpenAI's `file`) of a multipart request to
 * `tempPath` (never to memory), collecting the text fields, and stops writing once the file passes
 * `limit`. The caller owns `tempPath` and removes it, whatever happens here.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempPath: string,
  options: { limit?: ReceiveUploadLimit; fileField?: string; linkField?: string } = {},
): Promise<ReceivedUpload | FormWithLink> {
  const { limit = FILE_SIZE_LIMIT, fileField = 'audio', linkField } = options;
  const fields: Record<string, string> = {};
  let file: { filename: string; size: number } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') {
          if (containsNul(part.value)) throw new AppError('bad_request', NUL_CHARACTER_REFUSED);
          const before = fields[part.fieldname];
          // A list field (`timestamp_granularities[]`) comes once per item: keep them all.
          fields[part.fieldname] =
            part.fieldname.endsWith('[]') && before !== undefined
              ? `${before},${part.value}`
              : part.value;
        }
        continue;
      }
      if (file || part.fieldname !== fileField) {
        part.file.resume();
        throw new AppError(
          'bad_request',
          `Please upload exactly one audio file, in the field "${fileField}".`,
        );
      }
      file = await writePart(request, part, tempPath, limit);
    }
  } catch (error) {
    uploads.inc({ outcome: 'refused' });
    throw asUploadError(error, fileField);
  }
  const link = linkField === undefined ? undefined : fields[linkField];
  if (link !== undefined && file) throw new AppError('bad_request', URL_IMPORT_MESSAGES.fileAndUrl);
  if (link !== undefined) return { link, fields };
  if (!file)
    throw new AppError('bad_request', `No audio file was sent: use the form field "${fileField}".`);
  uploads.inc({ outcome: 'received' });
  uploadBytes.inc(file.size);
  return { filename: file.filename, size: file.size, fields };
}

/** Busboy's and @fastify/multipart's complaints, in words for the user. */
function asUploadError(error: unknown, fileField: string): unknown {
  if (error instanceof AppError) return error;
  if (isMultipartError(error, 'FST_FILES_LIMIT')) {
    return new AppError(
      'bad_request',
      `Please upload exactly one audio file, in the field "${fileField}".`,
    );
  }
  if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) return tooLarge();
  if (isMultipartError(error, 'FST_PARTS_LIMIT') || isMultipartError(error, 'FST_FIELDS_LIMIT')) {
    return new AppError('bad_request', 'Too many form fields.');
  }
  if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
    return new AppError('bad_request', MULTIPART_MALFORMED);
  }
  return error;
}

async function writePart(
  request: FastifyRequest,
  part: MultipartFile,
  tempPath: string,
  limit: ReceiveUploadLimit,
) {
  const counter = { bytes: 0 };
  // A client that goes away mid-upload would otherwise leave the pipeline waiting forever.
  const onClose = () => {
    if (!request.raw.complete)
      part.file.destroy(new AppError('bad_request', 'The upload was interrupted.'));
  };
  request.raw.once('close', onClose);
  try {
    await pipeline(part.file, byteLimit(limit, counter), createWriteStream(tempPath));
  } finally {
    request.raw.off('close', onClose);
  }
  if (part.file.truncated) throw tooLarge();
  return { filename: sanitizeFilename(part.filename), size: counter.bytes };
}
