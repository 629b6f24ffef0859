import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { commentedRuns, docxComments } from './docx-comments.js';
import { documentParagraphs, type DocumentParagraph } from './document-paragraphs.js';
import { docxTextRuns } from './docx-text-runs.js';
import { printableText } from './printable-text.js';
import { textDirection } from './text-direction.js';
import { clockTime } from './timestamps.js';

/** w:bidi: a right-to-left paragraph starts on the right, its time and speaker first. */
const isRightToLeft = (text: string) => (textDirection(text) === 'rtl' ? true : undefined);

/**
 * A Word document: the title, date and duration, then one paragraph per segment with its time
 * (per turn, led by the speaker's name in bold, when several people speak). Each script in its
 * own runs with fonts that hold it; right-to-left paragraphs marked so. With comments asked for,
 * each thread is a Word comment anchored on its line's text.
 */
export async function exportDocx(source: ExportSource): Promise<ExportFile> {
  const { title, details } = documentHeading(source);
  const spoken = documentParagraphs(source);
  const comments = docxComments(source.comments ?? [], spoken);
  const paragraphs = spoken.map((paragraph) => {
    const text = printableText(paragraph.text);
    return new Paragraph({
      spacing: { after: 160 },
      bidirectional: isRightToLeft(text),
      children: [
        new TextRun({ text: `[${clockTime(paragraph.start)}] `, bold: true, color: '666666' }),
        ...(paragraph.speaker === null
          ? []
          : docxTextRuns(`${printableText(paragraph.speaker)}: `, { bold: true })),
        ...paragraphText(paragraph, comments.idsByLine),
      ],
    });
  });
  if (paragraphs.length === 0 && source.text !== '') {
    const text = printableText(source.text);
    paragraphs.push(
      new Paragraph({ bidirectional: isRightToLeft(text), children: docxTextRuns(text) }),
    );
  }
  const heading = printableText(title);
  const document = new Document({
    title: heading,
    creator: 'Sonoscript',
    ...(comments.comments.length > 0 && { comments: { children: comments.comments } }),
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.TITLE,
            bidirectional: isRightToLeft(heading),
            children: commentedRuns(comments.unanchored, docxTextRuns(heading)),
          }),
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

/** The paragraph's words; line by line, each commented one marked, when it has comments. */
function paragraphText(paragraph: DocumentParagraph, idsByLine: Map<number, number[]>) {
  if (!paragraph.lines.some((line) => idsByLine.has(line.segment)))
    return docxTextRuns(printableText(paragraph.text));
  return paragraph.lines.flatMap((line, index) => [
    ...(index === 0 ? [] : [new TextRun(' ')]),
    ...commentedRuns(idsByLine.get(line.segment) ?? [], docxTextRuns(printableText(line.text))),
  ]);
}
