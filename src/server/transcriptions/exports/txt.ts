import type { ExportFile, ExportSource } from './export-format.js';

/** The spec's download: the full text, as it is. */
export function exportTxt(source: ExportSource): ExportFile {
  return { contentType: 'text/plain; charset=utf-8', extension: 'txt', body: source.text };
}
