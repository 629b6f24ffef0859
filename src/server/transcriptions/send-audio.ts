import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from '../http/byte-range.js';
import { AppError } from '../errors/app-error.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { audioContentType } from './audio-content-type.js';

export const RECORDING_DELETED =
  'The recording was deleted, as the retention setting of its account asks. The transcript is kept.';

/**
 * Streams a transcription's audio, honouring a `Range` request as audio elements send them; a
 * recording deleted by retention is a 410 that says so.
 */
export async function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  audio: { audioKey: string; audioFormat: string; audioDeletedAt: Date | null },
  cacheControl: string,
) {
  if (audio.audioDeletedAt !== null) throw new AppError('gone', RECORDING_DELETED);
  const size = await storage.size(audio.audioKey);
  const range = parseByteRange(request.headers.range, size);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', audioContentType(audio.audioFormat))
    .header('cache-control', cacheControl);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await storage.read(audio.audioKey, range));
  }
  return reply.header('content-length', size).send(await storage.read(audio.audioKey));
}
