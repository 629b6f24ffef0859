import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { authenticatedUser } from '../../accounts/authenticate.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors/app-error.js';
import type { OriginOf } from '../../http/request-origin.js';
import { apiErrorSchema } from '../../../core/api/common.js';
import { SESSION_SECURITY } from '../../http/api-schemas.js';
import { transcriptionEventsSchema } from '../transcription-schemas.js';
import { transcriptionIdParams, transcriptionSchema } from '../../../core/api/transcriptions.js';
import { findOwnedTranscription } from '../owned-transcription.js';
import { cancelTranscription } from '../processing/transcription-run.repository.js';
import { findTranscriptDeletesAt } from '../transcript-deletes-at.js';
import { toTranscriptionDto } from '../transcription-dto.js';
import { findTranscriptionForUser } from '../transcription.repository.js';
import { openEventStream } from '../../live/event-stream.js';
import type { SignedInStreams } from '../../accounts/signed-in-streams.js';
import { libraryEventsRoute } from './library-events.route.js';
import {
  eventsSince,
  formatEvent,
  isEnded,
  parseLastEventId,
} from '../../live/transcription-events.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';

export interface TranscriptionEventsRoutesOptions {
  /** RETENTION_MAX_DAYS, for the date a transcript is deleted. */
  retentionMaxDays: number | null;
  db: Database;
  signals: TranscriptionSignals;
  originOf: OriginOf;
  streams: SignedInStreams;
}

export const ALREADY_ENDED =
  'This transcription has already finished, so there is nothing to cancel.';
const documented = { tags: ['Transcriptions'], security: SESSION_SECURITY };

/** The live side of transcriptions: the events streams (one job's, the library's) and Cancel. */
export async function transcriptionEventsRoutes(
  parent: FastifyInstance,
  options: TranscriptionEventsRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, signals } = options;
  const openStreams = new Set<ServerResponse>();
  // Streams stay open for as long as a job runs: end them, so shutdown is not held up.
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  libraryEventsRoute(parent, { db, signals, openStreams, streams: options.streams });

  app.get(
    '/api/transcriptions/:id/events',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Follow a transcription as it runs (a stream of server-sent events)',
        params: transcriptionIdParams,
        response: {
          200: { content: { 'text/event-stream': { schema: transcriptionEventsSchema } } },
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const { id } = await findOwnedTranscription(db, user.id, request.params.id);
      let position = parseLastEventId(request.headers['last-event-id']);

      let unwatch = (): void => undefined;
      let release = (): void => undefined;
      const stream = openEventStream(reply, openStreams, () => {
        unwatch();
        release();
      });
      release = options.streams.hold(user, request.headers.cookie, () => stream.end());
      let running = false;
      let again = false;
      const sync = async (): Promise<void> => {
        if (stream.closed) return;
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          do {
            again = false;
            const row = await findTranscriptionForUser(db, user.id, id);
            if (!row) return stream.end(); // deleted meanwhile
            const step = eventsSince(position, row);
            for (const event of step.events) stream.write(formatEvent(event));
            position = step.position;
            if (isEnded(row.status)) return stream.end();
          } while (again && !stream.closed);
        } catch (error) {
          request.log.warn({ err: error, transcriptionId: id }, 'events stream could not read');
        } finally {
          running = false;
        }
      };
      unwatch = signals.watch(id, () => void sync());
      await sync();
    },
  );

  app.post(
    '/api/transcriptions/:id/cancel',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Cancel a queued or running transcription',
        params: transcriptionIdParams,
        response: {
          200: transcriptionSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const { id } = await findOwnedTranscription(db, user.id, request.params.id);
      const cancelled = await cancelTranscription(db, user.id, id);
      if (!cancelled) throw new AppError('conflict', ALREADY_ENDED);
      await signals.notify({ transcriptionId: id, userId: user.id });
      return toTranscriptionDto(
        cancelled,
        options.originOf(request),
        await findTranscriptDeletesAt(db, options.retentionMaxDays, cancelled),
      );
    },
  );
}
