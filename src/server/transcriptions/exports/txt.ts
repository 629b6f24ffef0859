import type { ExportFile, ExportSource } from './export-format.js';
import { terminalSafeText } from './terminal-safe-text.js';

/** The spec's download: the full text, as it is, less what a terminal would obey. */
export function exportTxt(source: ExportSource): ExportFile {
  return {
    contentType: 'text/plain; charset=utf-8',
    extension: 'txt',
    body: terminalSafeText(source.text),
  };
}
