import { pauseParagraphs } from '../../../core/pause-paragraphs.js';
import type { ExportFile, ExportSource } from './export-format.js';
import { spokenTurns } from './spoken-turns.js';
import { terminalSafeText } from './terminal-safe-text.js';

/**
 * The spec's download: the full text, less what a terminal would obey, in paragraphs: one per
 * pause when one person speaks; when several do, one per turn led by the speaker's name
 * (`Name: text`). A transcript without timed lines keeps its text as it is.
 */
export function exportTxt(source: ExportSource): ExportFile {
  const turns = spokenTurns(source.segments);
  const text = turns
    ? turns
        .map((turn) => `${turn.speaker}: ${turn.segments.map((segment) => segment.text).join(' ')}`)
        .join('\n\n')
    : source.segments.length > 0
      ? pauseParagraphs(source.segments).join('\n\n')
      : source.text;
  return {
    contentType: 'text/plain; charset=utf-8',
    extension: 'txt',
    body: terminalSafeText(text),
  };
}
