import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';

const run = promisify(execFile);

/** A PDF's text as poppler's pdftotext reads it, runs of white space made one space. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sonoscript-pdf-'));
  try {
    const file = path.join(directory, 'transcript.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** What poppler's pdfinfo says of a PDF (pages, whether it is tagged, …). */
export async function pdfInfo(bytes: Buffer): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sonoscript-pdf-'));
  try {
    const file = path.join(directory, 'transcript.pdf');
    await writeFile(file, bytes);
    return (await run('pdfinfo', [file])).stdout;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Each word pdftotext finds on the first page, where it is drawn, its letters in drawn order. */
export async function pdfWords(
  bytes: Buffer,
): Promise<Array<{ text: string; xMin: number; xMax: number; yMin: number }>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sonoscript-pdf-'));
  try {
    const file = path.join(directory, 'transcript.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']);
    return [
      ...stdout.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
      ),
    ].map((match) => ({
      text: decodeXml(match[4] ?? ''),
      xMin: Number(match[1]),
      yMin: Number(match[2]),
      xMax: Number(match[3]),
    }));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function decodeXml(text: string): string {
  const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => entities[name] ?? '');
}

/** Each paragraph of a Word document as its runs: their text and whether each is bold. */
export async function docxParagraphs(
  bytes: Buffer,
): Promise<Array<Array<{ text: string; bold: boolean }>>> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((paragraph) =>
    [...paragraph[0].matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((runMatch) => {
      const runXml = runMatch[1] ?? '';
      return {
        text: [...runXml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
          .map((text) => decodeXml(text[1] ?? ''))
          .join(''),
        bold: /<w:b\/>|<w:b [^>]*\/>/.test(runXml),
      };
    }),
  );
}

/** Each paragraph of a Word document as plain text. */
export async function docxParagraphTexts(bytes: Buffer): Promise<string[]> {
  return (await docxParagraphs(bytes)).map((runs) => runs.map((run) => run.text).join(''));
}
