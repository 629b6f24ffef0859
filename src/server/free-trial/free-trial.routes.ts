import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type FreeTrialResult, freeTrialResultSchema } from '../../core/api/free-trial.js';
import { FREE_TRANSCRIPT_SECONDS } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { AudioError } from '../speech/audio/audio-error.js';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import { ANONYMOUS_SECURITY } from '../http/api-schemas.js';
import { apiErrorSchema } from '../../core/api/common.js';
import type { DiskReservations } from '../storage/disk-reservations.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { FREE_TRIAL_KEY_PREFIX, runFreeTrialJob } from './free-trial-jobs.js';
import type { FreeTrialSlots } from './free-trial-slots.js';
import { freeTrialFormSchema } from '../transcriptions/transcription-schemas.js';
import { inspectUpload } from '../uploads/inspect-upload.js';
import { receiveFreeTrial } from './receive-free-trial.js';

export interface FreeTrialRoutesOptions {
  /** Where the upload is received before it is stored for a worker. */
  workDir: string;
  /** The trial is transcribed by a worker process (or this one's workers), never here. */
  queue: JobQueue;
  storage: ObjectStorage;
  /** Free trials per client address per hour. */
  perHour: number;
  /** Trials in progress at once, in total and per address. */
  slots: FreeTrialSlots;
  /** Shared with signed-in uploads: a trial is refused unless its whole body fits. */
  disk: DiskReservations;
  audioLimits?: AudioInputLimits;
}

/** A trial in progress ends within seconds to a minute. */
const TRIAL_IN_PROGRESS_RETRY_SECONDS = 10;

export const FREE_TRIAL_RATE_LIMITED =
  'Too many free trials from your network. Please try again later, or sign up for free to keep going.';

/**
 * Anonymous preview: the first 30 seconds, answered in the request; nothing is kept. The upload
 * goes to storage and a highest-priority job; the request waits for the job's answer.
 */
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
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<FreeTrialResult> => {
      let trial;
      try {
        trial = await receiveFreeTrial(request, options);
      } catch (error) {
        reply.header('connection', 'close');
        if (error instanceof AppError && error.code === 'rate_limited')
          reply.header('retry-after', String(TRIAL_IN_PROGRESS_RETRY_SECONDS));
        throw error;
      }
      const { upload } = trial;
      // Nobody reads the answer once the visitor has gone: the inspection's ffprobe or ffmpeg is
      // killed, or the job is cancelled and its worker stops decoding and transcribing, so the
      // machine's time goes to whoever is still waiting.
      const visitorGone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded)
          visitorGone.abort(new Error('The visitor left the free trial.'));
      };
      reply.raw.once('close', onClose);
      const audioKey = `${FREE_TRIAL_KEY_PREFIX}${randomUUID()}`;
      try {
        const audio = await inspectUpload(upload.tempPath, upload.size, {
          limits: options.audioLimits,
          signal: visitorGone.signal,
        });
        await options.storage.putFile(audioKey, upload.tempPath);
        const output = await runFreeTrialJob(
          options.queue,
          { audioKey, demuxer: audio.format.demuxer },
          { signal: visitorGone.signal },
        );
        if ('audioError' in output) throw new AppError('unprocessable', output.audioError);
        return {
          text: output.text,
          isTruncated: audio.durationSeconds > FREE_TRANSCRIPT_SECONDS,
          durationInSeconds: audio.durationSeconds,
        };
      } catch (error) {
        if (error instanceof AudioError) throw new AppError('unprocessable', error.message);
        throw error;
      } finally {
        reply.raw.off('close', onClose);
        await rm(upload.tempPath, { force: true });
        await options.storage.delete(audioKey);
        trial.release();
      }
    },
  );
}
