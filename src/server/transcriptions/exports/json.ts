import { speakersInOrder } from '../../../core/speakers.js';
import type { ExportCommentThread, ExportFile, ExportSource } from './export-format.js';

/**
 * `{ filename, language, duration, speakers, segments: [{ start, end, text, speaker }] }`, for
 * programs. `speakers` (in order of first appearance) is always there, one speaker or several:
 * a program reads one shape, and decides itself whether to show names. With `comments=true`,
 * `comments: [{ segment, line, author, text, createdAt, resolved, resolvedAt, resolvedBy, replies }]`,
 * `line` being the line's text (null when the line was removed since).
 */
export function exportJson(source: ExportSource): ExportFile {
  const document = {
    filename: source.filename,
    language: source.language,
    duration: source.durationInSeconds,
    speakers: speakersInOrder(source.segments),
    segments: source.segments.map(({ start, end, text, speaker }) => ({
      start,
      end,
      text,
      speaker,
    })),
    ...(source.comments && {
      comments: source.comments.map((thread) => jsonThread(source, thread)),
    }),
  };
  return {
    contentType: 'application/json; charset=utf-8',
    extension: 'json',
    body: `${JSON.stringify(document, null, 2)}\n`,
  };
}

function jsonThread(source: ExportSource, thread: ExportCommentThread) {
  return {
    segment: thread.segment,
    line: source.segments[thread.segment]?.text ?? null,
    author: thread.author,
    text: thread.text,
    createdAt: thread.createdAt.toISOString(),
    resolved: thread.resolved,
    resolvedAt: thread.resolvedAt?.toISOString() ?? null,
    resolvedBy: thread.resolvedBy,
    replies: thread.replies.map((reply) => ({
      author: reply.author,
      text: reply.text,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}
