import PDFDocument from 'pdfkit';
import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { documentParagraphs } from './document-paragraphs.js';
import { choosePdfFonts } from './pdf-fonts.js';
import { writePdfParagraph } from './pdf-paragraph.js';
import { printableText } from './printable-text.js';
import { textDirection } from './text-direction.js';
import { clockTime } from './timestamps.js';

const GREY = '#666666';

/**
 * A PDF with real text, laid out like the DOCX; streamed as pdfkit writes it. Every script the
 * fonts cover, right-to-left paragraphs aligned right and read in the right order.
 */
export function exportPdf(source: ExportSource): ExportFile {
  const { title, details } = documentHeading(source);
  const paragraphs = documentParagraphs(source);
  const fonts = choosePdfFonts([
    title,
    source.text,
    ...paragraphs.flatMap((paragraph) => [paragraph.speaker ?? '', paragraph.text]),
  ]);
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    // Kept until the end, so each page can say how many there are.
    bufferPages: true,
    info: { Title: printableText(title), Creator: 'Sonoscript' },
  });
  fonts.register(document);
  const write = (spans: Parameters<typeof writePdfParagraph>[2], fontSize: number, about: string) =>
    writePdfParagraph(document, fonts, spans, {
      fontSize,
      direction: textDirection(about),
      spaceAfter: fontSize * 0.5,
    });
  write([{ text: printableText(title), bold: true }], 20, title);
  for (const line of details) write([{ text: line, color: GREY }], 10, line);
  document.moveDown(1);
  for (const paragraph of paragraphs) {
    const text = printableText(paragraph.text);
    write(
      [
        { text: `[${clockTime(paragraph.start)}] `, bold: true, color: GREY },
        ...(paragraph.speaker === null
          ? []
          : [{ text: `${printableText(paragraph.speaker)}: `, bold: true }]),
        { text },
      ],
      11,
      text,
    );
  }
  if (paragraphs.length === 0 && source.text !== '') {
    write([{ text: printableText(source.text) }], 11, source.text);
  }
  numberPages(document, fonts.fontName(fonts.facedText('0')[0]?.face ?? '', false));
  document.end();
  return { contentType: 'application/pdf', extension: 'pdf', body: document };
}

/** "Page 2 of 5" centred in each page's bottom margin. */
function numberPages(document: PDFKit.PDFDocument, font: string): void {
  const { start, count } = document.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    document.switchToPage(index);
    const { margins, width, height } = document.page;
    const bottom = margins.bottom;
    // Writing inside the margin would otherwise start a new page.
    margins.bottom = 0;
    document
      .font(font)
      .fontSize(9)
      .fillColor(GREY)
      .text(`Page ${index - start + 1} of ${count}`, margins.left, height - bottom / 2 - 4.5, {
        width: width - margins.left - margins.right,
        align: 'center',
        lineBreak: false,
      });
    margins.bottom = bottom;
  }
}
