import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FreeTrialResult } from '../../core/api-types.js';
import { FREE_TRANSCRIPT_SECONDS } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import { AudioError } from '../speech/audio/audio-error.js';
import { WORK_PRIORITY, type SpeechEngine } from '../speech/engines/engine.js';
import { transcribeAudioFile } from '../speech/transcribe-audio-file.js';
import { ANONYMOUS_SECURITY, apiErrorSchema } from '../http/api-schemas.js';
import { assertDiskHasRoom } from '../storage/free-disk.js';
import { freeTrialFormSchema, freeTrialResultSchema } from './transcription-schemas.js';
import { inspectUpload } from './inspect-upload.js';
import { receiveUpload } from './receive-upload.js';

export interface FreeTrialRoutesOptions {
  /** Where the upload and the decoded audio live while it is transcribed. */
  workDir: string;
  engine: () => SpeechEngine;
  /** Free trials per client address per hour. */
  perHour: number;
  /** Trials are refused while the disk holding the temporary files has less free. */
  minFreeDiskBytes?: number;
}

export const FREE_TRIAL_RATE_LIMITED =
  'Too many free trials from your network. Please try again later, or sign up for free to keep going.';

/** Anonymous preview: the first 30 seconds, answered in the request; nothing is kept. */
export async function freeTrialRoutes(app: FastifyInstance, options: FreeTrialRoutesOptions) {
  app.post(
    '/api/transcribe/free-trial',
    {
      config: {
        rateLimit: {
          max: options.perHour,
          timeWindow: '1 hour',
          keyGenerator: (request) => request.ip,
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            message: FREE_TRIAL_RATE_LIMITED,
          }),
        },
      },
      schema: {
        tags: ['Free trial'],
        summary: 'Transcribe the first 30 seconds of a file, without an account; nothing is kept',
        security: ANONYMOUS_SECURITY,
        consumes: ['multipart/form-data'],
        body: freeTrialFormSchema,
        response: {
          200: freeTrialResultSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<FreeTrialResult> => {
      let upload;
      try {
        await assertDiskHasRoom(options.workDir, options.minFreeDiskBytes ?? 0);
        upload = await receiveUpload(request, options.workDir);
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      const workDir = await mkdtemp(path.join(options.workDir, 'trial-'));
      // Nobody reads the answer once the visitor has gone: stop decoding and transcribing, so
      // the engine's time goes to whoever is still waiting.
      const visitorGone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded)
          visitorGone.abort(new Error('The visitor left the free trial.'));
      };
      reply.raw.once('close', onClose);
      try {
        const audio = await inspectUpload(upload.tempPath, upload.size);
        const result = await transcribeAudioFile({
          inputPath: upload.tempPath,
          demuxer: audio.format.demuxer,
          maxSeconds: FREE_TRANSCRIPT_SECONDS,
          engine: options.engine(),
          workDir,
          // Someone waits on the page: served before queued jobs' chunks.
          priority: WORK_PRIORITY.interactive,
          signal: visitorGone.signal,
        });
        return {
          text: result.text,
          isTruncated: audio.durationSeconds > FREE_TRANSCRIPT_SECONDS,
          durationInSeconds: audio.durationSeconds,
        };
      } catch (error) {
        if (error instanceof AudioError) throw new AppError('unprocessable', error.message);
        throw error;
      } finally {
        reply.raw.off('close', onClose);
        await rm(upload.tempPath, { force: true });
        await rm(workDir, { recursive: true, force: true });
      }
    },
  );
}
