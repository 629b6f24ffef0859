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
}

export interface ExportFile {
  contentType: string;
  extension: string;
  body: string | Buffer | Readable;
}
