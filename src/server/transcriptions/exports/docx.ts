import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { printableText } from './printable-text.js';
import { clockTime } from './timestamps.js';

/** A Word document: the title, date and duration, then one paragraph per segment with its time. */
export async function exportDocx(source: ExportSource): Promise<ExportFile> {
  const { title, details } = documentHeading(source);
  const paragraphs = source.segments
    .filter((segment) => segment.text !== '')
    .map(
      (segment) =>
        new Paragraph({
          spacing: { after: 160 },
          children: [
            new TextRun({ text: `[${clockTime(segment.start)}] `, bold: true, color: '666666' }),
            new TextRun(printableText(segment.text)),
          ],
        }),
    );
  if (paragraphs.length === 0 && source.text !== '') {
    paragraphs.push(new Paragraph(printableText(source.text)));
  }
  const document = new Document({
    title: printableText(title),
    creator: 'Sonoscript',
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, text: printableText(title) }),
          ...details.map(
            (line) => new Paragraph({ children: [new TextRun({ text: line, color: '666666' })] }),
          ),
          new Paragraph(''),
          ...paragraphs,
        ],
      },
    ],
  });
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    body: await Packer.toBuffer(document),
  };
}
