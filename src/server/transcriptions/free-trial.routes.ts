import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FreeTrialResult } from '../../core/api-types.js';
import { FREE_TRANSCRIPT_SECONDS } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import { AudioError } from '../speech/audio/audio-error.js';
import { WORK_PRIORITY, type SpeechEngine } from '../speech/engines/engine.js';
import { transcribeAudioFile } from '../speech/transcribe-audio-file.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { inspectUpload } from './inspect-upload.js';
import { receiveUpload } from './receive-upload.js';

export interface FreeTrialRoutesOptions {
  storage: ObjectStorage;
  engine: () => SpeechEngine;
  /** Free trials per client address per hour. */
  perHour: number;
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
    },
    async (request, reply): Promise<FreeTrialResult> => {
      let upload;
      try {
        upload = await receiveUpload(request, options.storage.tempDir);
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      const workDir = await mkdtemp(path.join(options.storage.tempDir, 'trial-'));
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
        await rm(upload.tempPath, { force: true });
        await rm(workDir, { recursive: true, force: true });
      }
    },
  );
}
