import { perAddressRateLimit } from '../http/per-address-rate-limit.js';
import type { FastifyInstance } from 'fastify';
import { type FreeTrialResult, freeTrialResultSchema } from '../../core/api/free-trial.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { AudioError } from '../speech/audio/audio-error.js';
import type { AudioInputLimits } from '../speech/audio/audio-input-limits.js';
import { ANONYMOUS_SECURITY } from '../http/api-schemas.js';
import { apiErrorSchema } from '../../core/api/common.js';
import type { DiskReservations } from '../storage/disk-reservations.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import type { FreeTrialSlots } from './free-trial-slots.js';
import { freeTrialFormSchema } from '../transcriptions/transcription-schemas.js';
import { watchForDeparture } from '../http/watch-for-departure.js';
import { receiveAudio } from '../uploads/receive-audio.js';
import { admitFreeTrial } from './admit-free-trial.js';
import { transcribeFreeTrial } from './transcribe-free-trial.js';

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
        rateLimit: perAddressRateLimit(options.perHour, '1 hour', FREE_TRIAL_RATE_LIMITED),
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
      // Nobody reads the answer once the visitor has gone: the inspection's ffprobe or ffmpeg is
      // killed, or the job is cancelled, so the machine's time goes to whoever is still waiting.
      const visitor = watchForDeparture(reply);
      try {
        return await receiveAudio(
          request,
          {
            ...options,
            admit: () => admitFreeTrial(request, options),
            readForm: () => undefined,
            signal: visitor.gone,
          },
          (audio) => transcribeFreeTrial(options, audio, visitor.gone),
        );
      } catch (error) {
        if (error instanceof AudioError) throw new AppError('unprocessable', error.message);
        throw error;
      } finally {
        visitor.stopWatching();
      }
    },
  );
}
