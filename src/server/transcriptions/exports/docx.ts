import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { documentParagraphs } from './document-paragraphs.js';
import { printableText } from './printable-text.js';
import { clockTime } from './timestamps.js';

/**
 * A Word document: the title, date and duration, then one paragraph per segment with its time
 * (per turn, led by the speaker's name in bold, when several people speak).
 */
export async function exportDocx(source: ExportSource): Promise<ExportFile> {
  const { title, details } = documentHeading(source);
  const paragraphs = documentParagraphs(source).map(
    (paragraph) =>
      new Paragraph({
        spacing: { after: 160 },
        children: [
          new TextRun({ text: `[${clockTime(paragraph.start)}] `, bold: true, color: '666666' }),
          ...(paragraph.speaker === null
            ? []
            : [new TextRun({ text: `${printableText(paragraph.speaker)}: `, bold: true })]),
          new TextRun(printableText(paragraph.text)),
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
