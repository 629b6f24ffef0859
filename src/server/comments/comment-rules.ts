import type { CommentRecord } from './comments.repository.js';
import { accessAllows, type CommentViewer } from './transcription-access.js';

/** Only its author rewrites a comment: nobody puts words in someone else's mouth. */
export const mayEditComment = (comment: CommentRecord, viewer: CommentViewer) =>
  comment.authorId === viewer.userId;

/** Its author, or whoever manages the team's transcriptions (the uploader of their own). */
export const mayDeleteComment = (comment: CommentRecord, viewer: CommentViewer) =>
  comment.authorId === viewer.userId || accessAllows(viewer.access, 'manageTranscriptions');

/** A thread (never a reply) is resolved by who started it, or by anyone who edits the transcript. */
export const mayResolveComment = (comment: CommentRecord, viewer: CommentViewer) =>
  comment.parentId === null &&
  (comment.authorId === viewer.userId || accessAllows(viewer.access, 'edit'));
