import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from './team-values.js';

/**
 * Comments and highlights on a transcript's lines (issue 33 item 3, docs/decisions/0088): what
 * /api/transcriptions/:id/comments, /api/comments/:id and the highlights routes take and answer.
 */

/** How a comment or highlight names a person whose account was deleted. */
export const DELETED_USER_NAME = 'Deleted user';

const personSchema = z.object({
  id: z.string().nullable().describe('Null once the account is deleted.'),
  name: z.string(),
});
export type CommentPerson = z.infer<typeof personSchema>;

export const commentSchema = z
  .object({
    id: z.string(),
    segment: z.number().int().describe('The index of the line the thread is on.'),
    parent: z.string().nullable().describe('The thread’s first comment, for a reply.'),
    text: z.string(),
    author: personSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    resolved: z.boolean(),
    resolvedAt: z.iso.datetime().nullable(),
    resolvedBy: personSchema.nullable(),
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    canResolve: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type CommentDto = z.infer<typeof commentSchema>;

export const commentListSchema = z.array(commentSchema).meta({ id: 'Comments' });

const TEXT_MESSAGE = `A comment is 1 to ${COMMENT_MAX_LENGTH} characters.`;
const commentText = z
  .string(TEXT_MESSAGE)
  .trim()
  .min(1, TEXT_MESSAGE)
  .max(COMMENT_MAX_LENGTH, TEXT_MESSAGE);
const SEGMENT_MESSAGE = 'segment is the index of a line of the transcript: 0, 1, 2, …';
const segmentIndex = z.number(SEGMENT_MESSAGE).int(SEGMENT_MESSAGE).min(0, SEGMENT_MESSAGE);

export const createCommentBody = z.object(
  {
    segment: segmentIndex
      .optional()
      .describe('The line’s index; a reply may leave it out (it is on its thread’s line).'),
    text: commentText,
    parent: z.string('parent is the id of the comment replied to.').optional(),
  },
  { error: 'Send { "segment": 0, "text": "…" }, with "parent" for a reply.' },
);
export type CreateCommentBody = z.infer<typeof createCommentBody>;

export const updateCommentBody = z.object(
  {
    text: commentText.optional(),
    resolved: z.boolean('resolved is true or false.').optional(),
  },
  { error: 'Send { "text": "…" } or { "resolved": true }.' },
);
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

export const commentIdParams = z.object({ id: z.string() });

export const highlightSchema = z
  .object({
    id: z.string(),
    segment: z.number().int(),
    start: z.number().int().describe('The first character of the span in the line’s text.'),
    end: z.number().int().describe('The character after the span.'),
    author: personSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Highlight' });
export type HighlightDto = z.infer<typeof highlightSchema>;

export const highlightListSchema = z.array(highlightSchema).meta({ id: 'Highlights' });

const OFFSET_MESSAGE = 'start and end are character offsets in the line’s text: 0, 1, 2, …';
const offset = z.number(OFFSET_MESSAGE).int(OFFSET_MESSAGE).min(0, OFFSET_MESSAGE);

export const createHighlightBody = z.object(
  { segment: segmentIndex, start: offset, end: offset },
  { error: 'Send { "segment": 0, "start": 0, "end": 5 }.' },
);
export type CreateHighlightBody = z.infer<typeof createHighlightBody>;

export const highlightIdParams = z.object({ id: z.string() });
