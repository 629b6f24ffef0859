import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import type { Admission } from './admit-upload.js';
import { inspectUpload, type InspectedAudio } from './inspect-upload.js';
import { assertUploadRequest, receiveUpload, type ReceivedUpload } from './receive-upload.js';
import { downloadAudio } from './download-audio.js';
import type { OutboundPolicy } from '../outbound/outbound-policy.js';

/** An upload on disk, its real format and length known. Valid only inside `receiveAudio`'s `use`. */
export interface ReceivedAudio extends ReceivedUpload, InspectedAudio {
  tempPath: string;
}

export interface ReceiveAudioOptions<Form> {
  /**
   * Lets a form send a link (`url`) instead of the file: the file is fetched from it through the
   * outbound guard, held to what the upload was admitted for (decision 0080).
   */
  importLinks?: OutboundPolicy;
  workDir: string;
  /** `audio` in the web app and the free trial, OpenAI's `file` in the developer API. */
  fileField?: string;
  audioLimits?: AudioInputLimits;
  /**
   * Lets the upload in from its headers alone, or throws the refusal; see admit-upload.ts. Asked
   * again with `forLink` once the form turns out to name a link: the request's length is then not
   * the file's.
   */
  admit(options?: { forLink: boolean }): Promise<Admission>;
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
  let admission = await options.admit();
  const tempPath = path.join(options.workDir, `${randomUUID()}.upload`);
  try {
    const received = await receiveUpload(request, tempPath, {
      limit: admission.limit,
      fileField,
      linkField: options.importLinks ? 'url' : undefined,
    });
    let upload: ReceivedUpload;
    if ('link' in received && options.importLinks) {
      const first = admission;
      admission = { ...first, release: () => undefined };
      first.release();
      admission = await options.admit({ forLink: true });
      const file = await downloadAudio(options.importLinks, received.link, tempPath, {
        limit: admission.limit,
        signal: options.signal,
      });
      upload = { ...file, fields: received.fields };
    } else if ('link' in received) {
      throw new Error('a link was read from a form that takes none');
    } else {
      upload = received;
    }
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
