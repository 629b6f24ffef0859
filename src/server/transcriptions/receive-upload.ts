import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '../../core/messages.js';
import { MAX_UPLOAD_BYTES } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import { sanitizeFilename } from './sanitize-filename.js';

/** Room for multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface ReceivedUpload {
  tempPath: string;
  filename: string;
  size: number;
  fields: Record<string, string>;
}

export function tooLarge(): AppError {
  return new AppError('payload_too_large', MESSAGES.fileTooLarge);
}

/** Refuses before reading the body when the declared length is already over the limit. */
export function assertDeclaredLengthAllowed(request: FastifyRequest): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES)
    throw tooLarge();
}

function isMultipartError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** Counts bytes and fails the stream at 100 MB + 1, so no more than that is ever written. */
function byteLimit(limit: number, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > limit) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}

/**
 * Streams the one `audio` file of a multipart request to a temporary file (never to memory),
 * collecting the text fields. Any failure removes the temporary file.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempDir: string,
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new AppError(
      'bad_request',
      'Send the audio as multipart/form-data in a field named "audio".',
    );
  assertDeclaredLengthAllowed(request);
  const tempPath = path.join(tempDir, `${randomUUID()}.upload`);
  const fields: Record<string, string> = {};
  let file: { filename: string; size: number } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (file || part.fieldname !== 'audio') {
        part.file.resume();
        throw new AppError(
          'bad_request',
          'Please upload exactly one audio file, in the field "audio".',
        );
      }
      file = await writePart(request, part, tempPath);
    }
  } catch (error) {
    await rm(tempPath, { force: true });
    if (error instanceof AppError) throw error;
    if (isMultipartError(error, 'FST_FILES_LIMIT')) {
      throw new AppError(
        'bad_request',
        'Please upload exactly one audio file, in the field "audio".',
      );
    }
    if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) throw tooLarge();
    if (isMultipartError(error, 'FST_PARTS_LIMIT') || isMultipartError(error, 'FST_FIELDS_LIMIT')) {
      throw new AppError('bad_request', 'Too many form fields.');
    }
    throw error;
  }
  if (!file)
    throw new AppError('bad_request', 'No audio file was sent: use the form field "audio".');
  return { tempPath, filename: file.filename, size: file.size, fields };
}

async function writePart(request: FastifyRequest, part: MultipartFile, tempPath: string) {
  const counter = { bytes: 0 };
  // A client that goes away mid-upload would otherwise leave the pipeline waiting forever.
  const onClose = () => {
    if (!request.raw.complete)
      part.file.destroy(new AppError('bad_request', 'The upload was interrupted.'));
  };
  request.raw.once('close', onClose);
  try {
    await pipeline(part.file, byteLimit(MAX_UPLOAD_BYTES, counter), createWriteStream(tempPath));
  } finally {
    request.raw.off('close', onClose);
  }
  if (part.file.truncated) throw tooLarge();
  return { filename: sanitizeFilename(part.filename), size: counter.bytes };
}
