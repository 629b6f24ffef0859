import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/common.js';
import { transcriptionIdParams } from '../../core/api/transcriptions.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { SignedInStreams } from '../accounts/signed-in-streams.js';
import type { Database } from '../db/database.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { openEventStream } from '../live/event-stream.js';
import type { TranscriptionSignals } from '../live/transcription-signals.js';
import { findAccessibleTranscription } from '../transcriptions/accessible-transcription.js';

export interface CommentEventsRoutesOptions {
  db: Database;
  signals: TranscriptionSignals;
  streams: SignedInStreams;
}

const commentEventsSchema = z
  .string()
  .describe(
    'Server-sent events: `comments` (no data worth reading) each time a comment or highlight of the transcription is added, changed or removed: read them again; `transcript` (`{"version": n}`) each time someone saves a new version of the transcript (an edit, a rename, a restore).',
  );

/**
 * `GET /api/transcriptions/:id/comments/events`: tells an open workbench that the comments or
 * highlights changed, or that someone saved a new version of the transcript (so a reader's page
 * follows a colleague's edits). Only hints: the page reads again, so a missed event loses nothing.
 */
export async function commentEventsRoutes(
  parent: FastifyInstance,
  options: CommentEventsRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, signals } = options;
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  app.get(
    '/api/transcriptions/:id/comments/events',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Comments'],
        security: SESSION_SECURITY,
        summary: 'Follow a transcript’s comments, highlights and saved edits (server-sent events)',
        params: transcriptionIdParams,
        response: {
          200: { content: { 'text/event-stream': { schema: commentEventsSchema } } },
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const opened = (await findAccessibleTranscription(db, user.id, request.params.id, 'read'))
        .row;
      const { id } = opened;
      let unwatch = (): void => undefined;
      let unwatchTranscript = (): void => undefined;
      let release = (): void => undefined;
      const stream = openEventStream(reply, openStreams, () => {
        unwatch();
        unwatchTranscript();
        release();
      });
      release = options.streams.hold(user, request.headers.cookie, () => stream.end());
      let sequence = 0;
      unwatch = signals.watchComments(id, () => {
        // Someone who left the team, or whose transcription went away, hears no more.
        findAccessibleTranscription(db, user.id, id, 'read').then(
          () => {
            sequence += 1;
            stream.write(`id: ${sequence}\nevent: comments\ndata: {}\n\n`);
          },
          () => stream.end(),
        );
      });
      let version = opened.version;
      unwatchTranscript = signals.watch(id, () => {
        findAccessibleTranscription(db, user.id, id, 'read').then(
          ({ row }) => {
            if (row.version <= version) return;
            version = row.version;
            sequence += 1;
            stream.write(
              `id: ${sequence}\nevent: transcript\ndata: ${JSON.stringify({ version })}\n\n`,
            );
          },
          () => stream.end(),
        );
      });
    },
  );
}
