import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { documentParagraphs } from './document-paragraphs.js';
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

/**
 * A title, the date and duration, then one paragraph per segment led by its time (per turn, with
 * the speaker's name in bold, when several people speak).
 */
export function exportMarkdown(source: ExportSource): ExportFile {
  const { title, details } = documentHeading(source);
  const paragraphs = documentParagraphs(source).map((paragraph) => {
    const time = `**[${clockTime(paragraph.start)}]**`;
    const speaker = paragraph.speaker === null ? '' : ` **${escapeMarkdown(paragraph.speaker)}:**`;
    return `${time}${speaker} ${escapeMarkdown(paragraph.text)}`;
  });
  const body =
    source.segments.length === 0 && source.text !== '' ? [escapeMarkdown(source.text)] : paragraphs;
  return {
    contentType: 'text/markdown; charset=utf-8',
    extension: 'md',
    body: `${[`# ${escapeMarkdown(title)}`, details.map((line) => `${line}  `).join('\n'), ...body].join('\n\n')}\n`,
  };
}
