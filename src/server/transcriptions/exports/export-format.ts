import type { Readable } from 'node:stream';
import type { TranscriptSegmentDto } from '../../../core/api/transcriptions.js';

/** What every export reads: the transcript (as edited, or the machine's original). */
export interface ExportSource {
  filename: string;
  text: string;
  segments: TranscriptSegmentDto[];
  durationInSeconds: number;
  language: string | null;
  createdAt: Date;
  /** The comment threads, when the download asks for them (`comments=true`; JSON and DOCX). */
  comments?: ExportCommentThread[];
}

export interface ExportComment {
  author: string;
  text: string;
  createdAt: Date;
}

/** A thread on a line: its first comment, whether it is resolved, its replies oldest first. */
export interface ExportCommentThread extends ExportComment {
  /** The line's index; past the last line when the line was removed since. */
  segment: number;
  resolved: boolean;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  replies: ExportComment[];
}

export interface ExportFile {
  contentType: string;
  extension: string;
  body: string | Buffer | Readable;
}
