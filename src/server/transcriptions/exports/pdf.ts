import PDFDocument from 'pdfkit';
import type { ExportFile, ExportSource } from './export-format.js';
import { documentHeading } from './document-heading.js';
import { documentParagraphs } from './document-paragraphs.js';
import { choosePdfFonts } from './pdf-fonts.js';
import { printableText } from './printable-text.js';
import { clockTime } from './timestamps.js';

/** A PDF with real text, laid out like the DOCX; streamed as pdfkit writes it. */
export function exportPdf(source: ExportSource): ExportFile {
  const { title, details } = documentHeading(source);
  const paragraphs = documentParagraphs(source);
  const fonts = choosePdfFonts([
    title,
    source.text,
    ...paragraphs.flatMap((paragraph) => [paragraph.speaker ?? '', paragraph.text]),
  ]);
  const show = (text: string) => fonts.prepare(printableText(text));
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: show(title), Creator: 'Sonoscript' },
  });
  document.font(fonts.bold).fontSize(20).fillColor('#111111').text(show(title));
  document.moveDown(0.4).font(fonts.regular).fontSize(10).fillColor('#666666');
  for (const line of details) document.text(line);
  document.moveDown(1);
  document.fontSize(11);
  for (const paragraph of paragraphs) {
    document
      .font(fonts.bold)
      .fillColor('#666666')
      .text(`[${clockTime(paragraph.start)}] `, { continued: true });
    if (paragraph.speaker !== null) {
      document.fillColor('#111111').text(`${show(paragraph.speaker)}: `, { continued: true });
    }
    document.font(fonts.regular).fillColor('#111111').text(show(paragraph.text));
    document.moveDown(0.5);
  }
  if (paragraphs.length === 0 && source.text !== '') {
    document.font(fonts.regular).fillColor('#111111').text(show(source.text));
  }
  document.end();
  return { contentType: 'application/pdf', extension: 'pdf', body: document };
}
