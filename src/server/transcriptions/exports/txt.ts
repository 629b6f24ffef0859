import type { ExportFile, ExportSource } from './export-format.js';
import { spokenTurns } from './spoken-turns.js';
import { terminalSafeText } from './terminal-safe-text.js';

/**
 * The spec's download: the full text, as it is, less what a terminal would obey. When several
 * people speak, a paragraph per turn led by the speaker's name: `Name: text`.
 */
export function exportTxt(source: ExportSource): ExportFile {
  const turns = spokenTurns(source.segments);
  const text = turns
    ? turns
        .map((turn) => `${turn.speaker}: ${turn.segments.map((segment) => segment.text).join(' ')}`)
        .join('\n\n')
    : source.text;
  return {
    contentType: 'text/plain; charset=utf-8',
    extension: 'txt',
    body: terminalSafeText(text),
  };
}
