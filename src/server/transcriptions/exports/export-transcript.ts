import type { ExportFormat } from '../../../core/api/transcription-values.js';
import { exportDocx } from './docx.js';
import type { ExportFile, ExportSource } from './export-format.js';
import { exportJson } from './json.js';
import { exportMarkdown } from './markdown.js';
import { exportPdf } from './pdf.js';
import { exportSrt } from './srt.js';
import { exportTxt } from './txt.js';
import { exportVtt } from './vtt.js';

const EXPORTERS: Record<ExportFormat, (source: ExportSource) => ExportFile | Promise<ExportFile>> =
  {
    txt: exportTxt,
    srt: exportSrt,
    vtt: exportVtt,
    docx: exportDocx,
    pdf: exportPdf,
    json: exportJson,
    md: exportMarkdown,
  };

export function exportTranscript(format: ExportFormat, source: ExportSource) {
  return EXPORTERS[format](source);
}
