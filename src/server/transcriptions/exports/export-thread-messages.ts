import type { ExportFormat } from '../../../core/api/transcription-values.js';
import type { ExportSource } from './export-format.js';

export interface ExportRequest {
  id: number;
  format: ExportFormat;
  source: ExportSource;
}

export type ExportReply =
  | { id: number; ok: true; contentType: string; extension: string; bytes: Uint8Array }
  | { id: number; ok: false; message: string };
