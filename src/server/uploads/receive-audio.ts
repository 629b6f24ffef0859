import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import type { Admission } from './admit-upload.js';
import { inspectUpload, type InspectedAudio } from './inspect-upload.js';
import { assertUploadRequest, receiveUpload, type ReceivedUpload } from './receive-upload.js';

/** An upload on disk, its real format and length known. Valid only inside `receiveAudio`'s `use`. */
export interface ReceivedAudio extends ReceivedUpload, InspectedAudio {
  tempPath: string;
}

export interface ReceiveAudioOptions<Form> {
  workDir: string;
  /** `audio` in the web app and the free trial, OpenAI's `file` in the developer API. */
  fileField?: string;
  audioLimits?: AudioInputLimits;
  /** Lets the upload in from its headers alone, or throws the refusal; see admit-upload.ts. */
  admit(): Promise<Admission>;
  /** Reads the form's text fields; a refusal here comes before the audio costs a probe. */
  readForm(fields: Record<string, string>): Form | Promise<Form>;
  /** The requester left: the inspection's ffprobe or ffmpeg is killed. */
  signal?: AbortSignal;
}

/**
 * The one way audio comes in, for the web app, the developer API and the free trial: the headers
 * checked, the upload admitted, the file received within what was admitted and inspected, then
 * handed to `use`. Afterwards, whatever happened, the temporary file is removed and the admission
 * released, each exactly once.
 */
export async function receiveAudio<Form, Result>(
  request: FastifyRequest,
  options: ReceiveAudioOptions<Form>,
  use: (audio: ReceivedAudio, form: Form) => Promise<Result>,
): Promise<Result> {
  const { fileField = 'audio' } = options;
  assertUploadRequest(request, fileField);
  const admission = await options.admit();
  const tempPath = path.join(options.workDir, `${randomUUID()}.upload`);
  try {
    const upload = await receiveUpload(request, tempPath, { limit: admission.limit, fileField });
    const form = await options.readForm(upload.fields);
    const inspected = await inspectUpload(tempPath, upload.size, {
      limits: options.audioLimits,
      signal: options.signal,
    });
    return await use({ ...upload, ...inspected, tempPath }, form);
  } finally {
    await rm(tempPath, { force: true });
    admission.release();
  }
}
