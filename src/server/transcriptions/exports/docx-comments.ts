import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Paragraph,
  TextRun,
  type ICommentOptions,
  type ParagraphChild,
} from 'docx';
import type { DocumentParagraph } from './document-paragraphs.js';
import type { ExportComment, ExportCommentThread } from './export-format.js';
import { printableText } from './printable-text.js';

/** Word's comments of a transcript, and which of its lines each thread is anchored on. */
export interface DocxComments {
  comments: ICommentOptions[];
  /** Comment ids (a thread's and its replies') by the index of the line they mark. */
  idsByLine: Map<number, number[]>;
  /** Ids of threads with no line to mark (a transcript without text): put on the title. */
  unanchored: number[];
}

/**
 * Each thread becomes a Word comment with its replies threaded under it (Word shows them as one
 * conversation, resolved ones marked done). A thread whose line is gone, or has no words in the
 * document, marks the nearest line before it.
 */
export function docxComments(
  threads: readonly ExportCommentThread[],
  paragraphs: readonly DocumentParagraph[],
): DocxComments {
  const lines = paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => line.segment));
  const comments: ICommentOptions[] = [];
  const idsByLine = new Map<number, number[]>();
  const unanchored: number[] = [];
  for (const thread of threads) {
    const threadId = comments.length;
    comments.push({ ...commentOptions(threadId, thread), resolved: thread.resolved });
    const ids = [threadId];
    for (const reply of thread.replies) {
      const replyId = comments.length;
      comments.push({ ...commentOptions(replyId, reply), parentId: threadId });
      ids.push(replyId);
    }
    const line = anchorLine(lines, thread.segment);
    if (line === undefined) unanchored.push(...ids);
    else idsByLine.set(line, [...(idsByLine.get(line) ?? []), ...ids]);
  }
  return { comments, idsByLine, unanchored };
}

function commentOptions(id: number, comment: ExportComment): ICommentOptions {
  return {
    id,
    author: printableText(comment.author),
    initials: initialsOf(comment.author),
    date: comment.createdAt,
    children: printableText(comment.text)
      .split(/\r?\n/)
      .map((text) => new Paragraph({ children: [new TextRun(text)] })),
  };
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}

function anchorLine(lines: readonly number[], segment: number): number | undefined {
  const before = lines.filter((line) => line <= segment);
  return before.length > 0 ? Math.max(...before) : lines[0];
}

/** `runs` marked as the text of comments `ids`, each followed by its reference mark. */
export function commentedRuns(ids: readonly number[], runs: ParagraphChild[]): ParagraphChild[] {
  if (ids.length === 0) return runs;
  return [
    ...ids.map((id) => new CommentRangeStart(id)),
    ...runs,
    ...ids.map((id) => new CommentRangeEnd(id)),
    ...ids.map((id) => new TextRun({ children: [new CommentReference(id)] })),
  ];
}
