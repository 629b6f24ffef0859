import PDFDocument from 'pdfkit';
import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { documentParagraphs } from './document-paragraphs.js';
import { choosePdfFonts, type PdfFonts } from './pdf-fonts.js';
import { writePdfParagraph } from './pdf-paragraph.js';
import { printableText } from './printable-text.js';
import { textDirection } from './text-direction.js';
import { clockTime } from './timestamps.js';

const GREY = '#666666';

/** "Page n of N" under each page, marked as page furniture, not as the transcript's text. */
function numberPages(document: PDFKit.PDFDocument, fonts: PdfFonts): void {
  const { start, count } = document.bufferedPageRange();
  const face = fonts.fontName(fonts.facedText('Page')[0]?.face ?? 'Helvetica', false);
  for (let index = start; index < start + count; index += 1) {
    document.switchToPage(index);
    const { margins, height, width } = document.page;
    const bottom = margins.bottom;
    // Written inside the bottom margin: without this pdfkit would start a new page for it.
    margins.bottom = 0;
    document.markContent('Artifact', { type: 'Pagination' });
    document
      .font(face)
      .fontSize(9)
      .fillColor(GREY)
      .text(`Page ${index + 1} of ${count}`, margins.left, height - bottom / 2 - 4, {
        width: width - margins.left - margins.right,
        align: 'center',
        lineBreak: false,
      });
    document.endMarkedContent();
    margins.bottom = bottom;
  }
}

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
    info: { Title: printableText(title), Creator: 'Sonoscript' },
    // A tagged PDF (headings and paragraphs a screen reader can follow), its title shown by
    // readers; pages are kept until the end so each can say "Page n of N".
    tagged: true,
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: true,
  });
  fonts.register(document);
  const root = document.struct('Document');
  document.addStructure(root);
  const write = (
    spans: Parameters<typeof writePdfParagraph>[2],
    fontSize: number,
    about: string,
    type: 'H1' | 'P' = 'P',
  ) =>
    root.add(
      document.struct(type, {}, () =>
        writePdfParagraph(document, fonts, spans, {
          fontSize,
          direction: textDirection(about),
          spaceAfter: fontSize * 0.5,
        }),
      ),
    );
  write([{ text: printableText(title), bold: true }], 20, title, 'H1');
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
  root.end();
  numberPages(document, fonts);
  document.end();
  return { contentType: 'application/pdf', extension: 'pdf', body: document };
}
