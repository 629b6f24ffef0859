import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentIdParams,
  commentListSchema,
  commentSchema,
  createCommentBody,
  updateCommentBody,
  type CommentDto,
} from '../../core/api/comments.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { transcriptionIdParams } from '../../core/api/transcriptions.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { TranscriptionSignals } from '../live/transcription-signals.js';
import { findAccessibleTranscription } from '../transcriptions/accessible-transcription.js';
import { findAccessibleComment } from './accessible-comment.js';
import { changeComment } from './change-comment.js';
import { toCommentDto } from './comment-dto.js';
import { listComments } from './comments.repository.js';
import { createComment } from './create-comment.js';
import { deleteComment } from './delete-comment.js';

export interface CommentsRoutesOptions {
  db: Database;
  /** Tells the other open workbenches of the transcription to read its comments again. */
  signals: TranscriptionSignals;
}

const auth = { auth: 'session-or-key' } as const;
const documented = { tags: ['Comments'], security: SESSION_OR_KEY_SECURITY };
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const emptyAnswer = z.string().max(0).describe('Empty.');

/** Threads of comments on a transcript's lines (issue 33 item 3, docs/decisions/0088). */
export async function commentsRoutes(parent: FastifyInstance, options: CommentsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, signals } = options;

  app.get(
    '/api/transcriptions/:id/comments',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'The comments on a transcript’s lines, oldest first',
        params: transcriptionIdParams,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request): Promise<CommentDto[]> => {
      const user = authenticatedUser(request);
      const { row, access } = await findAccessibleTranscription(
        db,
        user.id,
        request.params.id,
        'read',
      );
      const viewer = { userId: user.id, access };
      return (await listComments(db, row.id)).map((comment) => toCommentDto(comment, viewer));
    },
  );

  app.post(
    '/api/transcriptions/:id/comments',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'Comment on a line, or reply to a thread (with `parent`)',
        params: transcriptionIdParams,
        body: createCommentBody,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const { row, access } = await findAccessibleTranscription(
        db,
        user.id,
        request.params.id,
        'comment',
      );
      const created = await createComment(db, row, user.id, request.body);
      await signals.notifyComments(row.id);
      return reply.status(201).send(toCommentDto(created, { userId: user.id, access }));
    },
  );

  app.patch(
    '/api/comments/:id',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'Change a comment’s text (its author) or resolve or reopen its thread',
        params: commentIdParams,
        body: updateCommentBody,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request): Promise<CommentDto> => {
      const user = authenticatedUser(request);
      const { comment, transcription } = await findAccessibleComment(
        db,
        user.id,
        request.params.id,
      );
      const viewer = { userId: user.id, access: transcription.access };
      const changed = await changeComment(db, comment, viewer, request.body);
      await signals.notifyComments(comment.transcriptionId);
      return toCommentDto(changed, viewer);
    },
  );

  app.delete(
    '/api/comments/:id',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'Delete a comment; a thread’s first comment takes its replies with it',
        params: commentIdParams,
        response: { 204: emptyAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const { comment, transcription } = await findAccessibleComment(
        db,
        user.id,
        request.params.id,
      );
      await deleteComment(db, comment, { userId: user.id, access: transcription.access });
      await signals.notifyComments(comment.transcriptionId);
      return reply.status(204).send('');
    },
  );
}
