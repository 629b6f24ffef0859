import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { authenticatedUser } from '../../accounts/authenticate.js';
import type { Database } from '../../db/database.js';
import type { SignedInStreams } from '../../accounts/signed-in-streams.js';
import { findListItemForUser, listUnfinishedTranscriptions } from './list-transcriptions.js';
import { toTranscriptionListItemDto } from '../transcription-dto.js';
import { apiErrorSchema } from '../../../core/api/common.js';
import { SESSION_SECURITY } from '../../http/api-schemas.js';
import { libraryEventsSchema } from '../transcription-schemas.js';
import { openEventStream } from '../../live/event-stream.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';

/**
 * `GET /api/transcriptions/events`: the dashboard's one stream for all of the user's jobs. It
 * opens with every unfinished transcription as it is now (nothing changed between the list and
 * the stream goes unseen), then sends a `transcription` event (the list item) whenever one of
 * theirs changes, and `removed` (its id) when one is deleted. It stays open until the page
 * closes it.
 */
export function libraryEventsRoute(
  app: FastifyInstance,
  options: {
    db: Database;
    signals: TranscriptionSignals;
    openStreams: Set<ServerResponse>;
    /** Ends the stream once its session is no longer valid (sign-out, account deletion). */
    streams: SignedInStreams;
  },
) {
  const { db, signals } = options;
  const config = { auth: 'session' as const };
  const schema = {
    tags: ['Transcriptions'],
    security: SESSION_SECURITY,
    summary: "Follow all of the user's transcriptions (a stream of server-sent events)",
    response: {
      200: { content: { 'text/event-stream': { schema: libraryEventsSchema } } },
      401: apiErrorSchema,
    },
  };
  app.get('/api/transcriptions/events', { config, schema }, async (request, reply) => {
    const user = authenticatedUser(request);
    let unwatch = (): void => undefined;
    let release = (): void => undefined;
    const stream = openEventStream(reply, options.openStreams, () => {
      unwatch();
      release();
    });
    release = options.streams.hold(user, request.headers.cookie, () => stream.end());
    const send = (event: string, data: unknown) =>
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

    // Changes are coalesced: while one read runs, later signals only mark what to read next.
    const pending = new Set<string>();
    let everything = true;
    let running = false;
    const drain = async (): Promise<void> => {
      if (running || stream.closed) return;
      running = true;
      try {
        while ((everything || pending.size > 0) && !stream.closed) {
          if (everything) {
            everything = false;
            pending.clear();
            for (const row of await listUnfinishedTranscriptions(db, user.id))
              send('transcription', toTranscriptionListItemDto(row));
            continue;
          }
          const [id] = pending;
          if (id === undefined) break;
          pending.delete(id);
          const row = await findListItemForUser(db, user.id, id);
          if (row) send('transcription', toTranscriptionListItemDto(row));
          else send('removed', { id });
        }
      } catch (error) {
        request.log.warn({ err: error }, 'library events stream could not read');
      } finally {
        running = false;
      }
    };
    unwatch = signals.watchUser(user.id, (transcriptionId) => {
      if (transcriptionId === undefined) everything = true;
      else pending.add(transcriptionId);
      void drain();
    });
    await drain();
  });
}
