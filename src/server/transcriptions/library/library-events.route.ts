import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { authenticatedUser } from '../../accounts/authenticate.js';
import type { Database } from '../../db/database.js';
import type { SignedInStreams } from '../../accounts/signed-in-streams.js';
import { findListItemInLibrary, listUnfinishedTranscriptions } from './list-transcriptions.js';
import type { LibraryChanges } from './library-changes.js';
import { resolveLibrary, type LibraryScope } from '../../team-access/library-scope.js';
import { findTeamRole } from '../../team-access/team-membership.js';
import { libraryEventsQuery } from '../../../core/api/transcriptions.js';
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
 * closes it. With `team`, the same for a team's library: it ends as soon as the reader is no
 * longer in the team (the team_members trigger tells this process at once).
 */
export function libraryEventsRoute(
  app: FastifyInstance,
  options: {
    db: Database;
    signals: TranscriptionSignals;
    openStreams: Set<ServerResponse>;
    /** Ends the stream once its session is no longer valid (sign-out, account deletion). */
    streams: SignedInStreams;
    libraryChanges: LibraryChanges;
  },
) {
  const { db, signals } = options;
  const config = { auth: 'session' as const };
  const schema = {
    tags: ['Transcriptions'],
    security: SESSION_SECURITY,
    summary:
      "Follow all of the user's transcriptions, or a team's (`team`) (a stream of server-sent events)",
    querystring: libraryEventsQuery,
    response: {
      200: { content: { 'text/event-stream': { schema: libraryEventsSchema } } },
      401: apiErrorSchema,
      404: apiErrorSchema,
    },
  };
  app.get('/api/transcriptions/events', { config, schema }, async (request, reply) => {
    const user = authenticatedUser(request);
    const { team } = request.query as { team?: string };
    const library: LibraryScope = await resolveLibrary(db, user.id, team);
    let unwatch = (): void => undefined;
    let unwatchMembership = (): void => undefined;
    let release = (): void => undefined;
    const stream = openEventStream(reply, options.openStreams, () => {
      unwatch();
      unwatchMembership();
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
          if (library.teamId !== null) {
            const role = await findTeamRole(db, library.teamId, user.id);
            // Left or removed: the team's library is no longer theirs to follow.
            if (!role) return stream.end();
            library.access = role;
          }
          if (everything) {
            everything = false;
            pending.clear();
            for (const row of await listUnfinishedTranscriptions(db, library))
              send('transcription', toTranscriptionListItemDto(row, library.access));
            continue;
          }
          const [id] = pending;
          if (id === undefined) break;
          pending.delete(id);
          const row = await findListItemInLibrary(db, library, id);
          if (row) send('transcription', toTranscriptionListItemDto(row, library.access));
          else send('removed', { id });
        }
      } catch (error) {
        request.log.warn({ err: error }, 'library events stream could not read');
      } finally {
        running = false;
      }
    };
    const changed = (transcriptionId?: string) => {
      if (transcriptionId === undefined) everything = true;
      else pending.add(transcriptionId);
      void drain();
    };
    unwatch =
      library.teamId === null
        ? signals.watchUser(user.id, changed)
        : signals.watchTeam(library.teamId, changed);
    const { teamId } = library;
    if (teamId !== null)
      unwatchMembership = options.libraryChanges.watch(user.id, () => {
        findTeamRole(db, teamId, user.id).then(
          (role) => {
            if (!role) stream.end();
          },
          (error: unknown) => request.log.warn({ err: error }, 'could not check a membership'),
        );
      });
    await drain();
  });
}
