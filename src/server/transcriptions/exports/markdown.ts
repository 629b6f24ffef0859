import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { terminalSafeText } from './terminal-safe-text.js';
import { clockTime } from './timestamps.js';

/**
 * Characters Markdown would read as formatting are escaped, so the text shows as spoken; those a
 * terminal would obey are dropped.
 */
function escapeMarkdown(text: string): string {
  return terminalSafeText(text).replace(
    /[\\`*_{}[\]()#+\-.!|<>~]/g,
    (character) => `\\${character}`,
  );
}

/** A title, the date and duration, then one paragraph per segment led by its time. */
export function exportMarkdown(source: ExportSource): ExportFile {
  const { title, details } = documentHeading(source);
  const paragraphs = source.segments
    .filter((segment) => segment.text !== '')
    .map((segment) => `**[${clockTime(segment.start)}]** ${escapeMarkdown(segment.text)}`);
  const body =
    source.segments.length === 0 && source.text !== '' ? [escapeMarkdown(source.text)] : paragraphs;
  return {
    contentType: 'text/markdown; charset=utf-8',
    extension: 'md',
    body: `${[`# ${escapeMarkdown(title)}`, details.map((line) => `${line}  `).join('\n'), ...body].join('\n\n')}\n`,
  };
}
