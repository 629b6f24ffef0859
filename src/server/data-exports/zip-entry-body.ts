import { Readable } from 'node:stream';
import type { ExportFormat } from '../../core/api/transcription-values.js';
import type { ExportFile, ExportSource } from '../transcriptions/exports/export-format.js';

/** Builds one transcript's file (the single download's code, on the export threads). */
export type BuildExport = (format: ExportFormat, source: ExportSource) => Promise<ExportFile>;

/** An export's body as the stream a ZIP entry reads. */
export function streamOf(body: ExportFile['body']): Readable {
  if (typeof body === 'string') return Readable.from([Buffer.from(body, 'utf8')]);
  if (Buffer.isBuffer(body)) return Readable.from([body]);
  return body;
}

/** A small JSON document as a ZIP entry's stream. */
export function jsonStream(value: unknown): Readable {
  return Readable.from([Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8')]);
}
