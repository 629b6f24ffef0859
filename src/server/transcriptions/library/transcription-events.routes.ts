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
import { accessTo, findAccessibleTranscription } from '../accessible-transcription.js';
import type { LibraryChanges } from './library-changes.js';
import { transcriptionViewer } from '../transcription-viewer.js';
import { cancelTranscription } from '../processing/transcription-run.repository.js';
import { findTranscriptDeletesAt } from '../transcript-deletes-at.js';
import { toTranscriptionDto } from '../transcription-dto.js';
import { findTranscriptionById } from '../transcription.repository.js';
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
  libraryChanges: LibraryChanges;
}

export const ALREADY_ENDED =
  'This transcription has already finished, so there is nothing to cancel.';
const documented = { tags: ['Transcriptions'], security: SESSION_SECURITY };

async function mayReadIn(
  db: Database,
  userId: string,
  row: Parameters<typeof accessTo>[2],
): Promise<boolean> {
  try {
    await accessTo(db, userId, row, 'read');
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The live side of transcriptions: the events streams (one job's, the library's) and Cancel. */
export async function transcriptionEventsRoutes(
  parent: FastifyInstance,
  options: TranscriptionEventsRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, signals } = options;
  const mayRead = (userId: string, row: Parameters<typeof accessTo>[2]) =>
    mayReadIn(db, userId, row);
  const openStreams = new Set<ServerResponse>();
  // Streams stay open for as long as a job runs: end them, so shutdown is not held up.
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  libraryEventsRoute(parent, {
    db,
    signals,
    openStreams,
    streams: options.streams,
    libraryChanges: options.libraryChanges,
  });

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
      const { row: opened } = await findAccessibleTranscription(
        db,
        user.id,
        request.params.id,
        'read',
      );
      const { id } = opened;
      let position = parseLastEventId(request.headers['last-event-id']);

      let unwatch = (): void => undefined;
      let unwatchLibrary = (): void => undefined;
      let release = (): void => undefined;
      const stream = openEventStream(reply, openStreams, () => {
        unwatch();
        unwatchLibrary();
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
            const row = await findTranscriptionById(db, id);
            if (!row) return stream.end(); // deleted meanwhile
            // Moved away from the reader, or the reader left or was removed from its team.
            if (!(await mayRead(user.id, row))) return stream.end();
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
      // The team_members trigger says when the reader's membership changed: check again at once.
      unwatchLibrary = options.libraryChanges.watch(user.id, () => void sync());
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
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const { row, access } = await findAccessibleTranscription(
        db,
        user.id,
        request.params.id,
        'edit',
      );
      const cancelled = await cancelTranscription(db, row.userId, row.id);
      if (!cancelled) throw new AppError('conflict', ALREADY_ENDED);
      await signals.notify({
        transcriptionId: row.id,
        userId: row.userId,
        teamId: cancelled.teamId,
      });
      return toTranscriptionDto(
        cancelled,
        options.originOf(request),
        await findTranscriptDeletesAt(db, options.retentionMaxDays, cancelled),
        await transcriptionViewer(db, access, cancelled),
      );
    },
  );
}
