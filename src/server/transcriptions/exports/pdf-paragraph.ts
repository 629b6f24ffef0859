import type { EmbeddingLevels } from 'bidi-js';
import type { PdfFonts } from './pdf-fonts.js';
import { bidi } from './text-direction.js';

/** A part of a paragraph in one style. */
export interface TextSpan {
  text: string;
  bold?: boolean;
  color?: string;
}

export interface ParagraphStyle {
  fontSize: number;
  direction: 'ltr' | 'rtl';
  /** Space below the paragraph, in points. */
  spaceAfter?: number;
}

interface Style {
  face: string;
  bold: boolean;
  color: string;
}

const WHITESPACE = /\s/u;
/** Lines may break before and after each of these: they are written without spaces. */
const WITHOUT_SPACES =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** Scripts fontkit lays out right to left by itself (it reverses their glyphs). */
const RIGHT_TO_LEFT_SCRIPT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * Writes a paragraph: each character in a font that has it, wrapped to the page, every line put
 * in visual order by the Unicode bidirectional algorithm, so Hebrew and Arabic read right to left
 * with numbers and Latin words inside them the right way round. pdfkit wraps but knows no bidi,
 * so the lines are laid out here and each same-font, same-direction word drawn at its place.
 */
export function writePdfParagraph(
  document: PDFKit.PDFDocument,
  fonts: PdfFonts,
  spans: readonly TextSpan[],
  style: ParagraphStyle,
): void {
  let text = '';
  const styles: Style[] = [];
  for (const span of spans) {
    for (const piece of fonts.facedText(span.text)) {
      text += piece.text;
      const pieceStyle = {
        face: piece.face,
        bold: span.bold ?? false,
        color: span.color ?? '#111111',
      };
      for (let unit = 0; unit < piece.text.length; unit += 1) styles.push(pieceStyle);
    }
  }
  const { fontSize } = style;
  const embedding = bidi.getEmbeddingLevels(text, style.direction);
  const widthOf = (from: number, to: number) => {
    let width = 0;
    let start = from;
    for (let index = from + 1; index <= to; index += 1) {
      const current = styles[start] as Style;
      const next = styles[index];
      if (index < to && next && next.face === current.face && next.bold === current.bold) continue;
      width += document
        .font(fonts.fontName(current.face, current.bold))
        .fontSize(fontSize)
        .widthOfString(text.slice(start, index));
      start = index;
    }
    return width;
  };

  const left = document.page.margins.left;
  const maxWidth = document.page.width - left - document.page.margins.right;
  const lineHeight = fontSize * 1.45;
  let y = document.y;
  for (const [from, to] of wrappedLines(text, maxWidth, widthOf)) {
    if (y + lineHeight > document.page.height - document.page.margins.bottom) {
      // Closes the paragraph's tagged content on this page and opens it again on the next.
      document.continueOnNewPage();
      y = document.page.margins.top;
    }
    let x = style.direction === 'rtl' ? left + maxWidth - widthOf(from, to) : left;
    for (const [start, end] of visualWords(text, embedding, styles, from, to)) {
      const wordStyle = styles[start] as Style;
      const word = drawnText(text, embedding, start, end);
      document
        .font(fonts.fontName(wordStyle.face, wordStyle.bold))
        .fontSize(fontSize)
        .fillColor(wordStyle.color)
        .text(word, x, y + fontSize, { lineBreak: false, baseline: 'alphabetic' });
      x += widthOf(start, end);
    }
    y += lineHeight;
  }
  document.x = left;
  document.y = y + (style.spaceAfter ?? 0);
}

/** Where a line may end: after whitespace, and on either side of a character of CJK. */
function breakPoints(text: string): number[] {
  const points: number[] = [];
  let index = 0;
  for (const character of text) {
    const next = index + character.length;
    const following = text.slice(next, next + 2);
    const nextCharacter =
      following === '' ? '' : String.fromCodePoint(following.codePointAt(0) ?? 0);
    if (
      next === text.length ||
      (WHITESPACE.test(character) && !WHITESPACE.test(nextCharacter)) ||
      WITHOUT_SPACES.test(character) ||
      WITHOUT_SPACES.test(nextCharacter)
    ) {
      points.push(next);
    }
    index = next;
  }
  return points;
}

function trimmedEnd(text: string, from: number, to: number): number {
  let end = to;
  while (end > from && WHITESPACE.test(text[end - 1] ?? '')) end -= 1;
  return end;
}

/** Greedy wrapping; a word wider than the line is cut between characters. */
function wrappedLines(
  text: string,
  maxWidth: number,
  widthOf: (from: number, to: number) => number,
): [number, number][] {
  const lines: [number, number][] = [];
  let lineStart = 0;
  let lastFit = 0;
  for (const point of breakPoints(text)) {
    if (widthOf(lineStart, trimmedEnd(text, lineStart, point)) <= maxWidth) {
      lastFit = point;
      continue;
    }
    if (lastFit > lineStart) {
      lines.push([lineStart, trimmedEnd(text, lineStart, lastFit)]);
      lineStart = lastFit;
    }
    // What is left may still be too wide: a word longer than the line.
    while (widthOf(lineStart, trimmedEnd(text, lineStart, point)) > maxWidth) {
      let cut = lineStart;
      for (const character of text.slice(lineStart, point)) {
        if (cut > lineStart && widthOf(lineStart, cut + character.length) > maxWidth) break;
        cut += character.length;
      }
      lines.push([lineStart, cut]);
      lineStart = cut;
    }
    lastFit = point;
  }
  if (lineStart < text.length) lines.push([lineStart, trimmedEnd(text, lineStart, text.length)]);
  return lines.filter(([from, to]) => to > from);
}

/**
 * The line's words in visual order, each as a logical range: same face, style and embedding
 * level; right to left, no whitespace inside (pdfkit lays out space-separated words one by one,
 * in order, so a right-to-left run of several words would come out reversed word by word).
 */
function visualWords(
  text: string,
  embedding: EmbeddingLevels,
  styles: readonly Style[],
  from: number,
  to: number,
): [number, number][] {
  const { levels } = embedding;
  const order = Array.from({ length: to - from }, (_, offset) => from + offset);
  for (const segment of bidi.getReorderSegments(text, embedding, from, to - 1)) {
    const [start = from, end = from] = segment;
    const reversed = order.slice(start - from, end - from + 1).reverse();
    order.splice(start - from, reversed.length, ...reversed);
  }
  const words: [number, number][] = [];
  let current: { low: number; high: number; last: number } | undefined;
  const close = () => {
    if (current) words.push([current.low, current.high + 1]);
    current = undefined;
  };
  for (const index of order) {
    const character = text[index] ?? '';
    // pdfkit lays out a left-to-right run with its spaces well; only right-to-left words go alone.
    if (WHITESPACE.test(character) && (levels[index] ?? 0) % 2 === 1) {
      close();
      words.push([index, index + 1]);
      continue;
    }
    const step = (levels[index] ?? 0) % 2 === 1 ? -1 : 1;
    const previous = current ? (styles[current.last] as Style) : undefined;
    const style = styles[index] as Style;
    const continues =
      current &&
      previous &&
      index === current.last + step &&
      levels[index] === levels[current.last] &&
      previous.face === style.face &&
      previous.bold === style.bold &&
      previous.color === style.color;
    if (!continues) close();
    if (current) {
      current.low = Math.min(current.low, index);
      current.high = Math.max(current.high, index);
      current.last = index;
    } else {
      current = { low: index, high: index, last: index };
    }
  }
  close();
  return words;
}

/**
 * What to hand pdfkit for a word: its characters in logical order (fontkit shapes them and
 * reverses Hebrew and Arabic itself), mirrored where right to left; a right-to-left word with no
 * such letters (brackets, an emoji) is reversed here, as fontkit would leave it.
 */
function drawnText(text: string, embedding: EmbeddingLevels, start: number, end: number): string {
  const word = text.slice(start, end);
  if ((embedding.levels[start] ?? 0) % 2 === 0) return word;
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels, start, end - 1);
  const logical = word
    .split('')
    .map((unit, offset) => mirrored.get(start + offset) ?? unit)
    .join('');
  return RIGHT_TO_LEFT_SCRIPT.test(logical) ? logical : Array.from(logical).reverse().join('');
}
