import { existsSync } from 'node:fs';
import { openSync, type Font } from 'fontkit';
import { PDF_FONT_FILES, type PdfFontFile } from './pdf-font-files.js';

/** A stretch of text and the font face (by registered name) that shows it. */
export interface FacedText {
  text: string;
  face: string;
}

export interface PdfFonts {
  /** Registers the faces with the document, so `fontName` names can be used. */
  register(document: PDFKit.PDFDocument): void;
  /** The text split by the face that can show each character; unshowable ones replaced. */
  facedText(text: string): FacedText[];
  fontName(face: string, bold: boolean): string;
}

/** Shown in place of an emoji no font has, so it is dropped visibly, never as an empty box. */
export const EMOJI_PLACEHOLDER = '[emoji]';
/** Shown in place of any other character no font has: the standard replacement character. */
const REPLACEMENT = '\ufffd';

/** Characters Windows-1252 holds above Latin-1's: the standard PDF fonts can show these too. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    character === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRAS.has(character)
  );
}

const EMOJI = /\p{Extended_Pictographic}/u;
const MARK = /\p{M}/u;

function codeOf(character: string): number {
  return character.codePointAt(0) ?? 0;
}

/** Not worth a box when no font shows them: joiners, emoji presentation, skin tones, tags. */
function isDroppable(character: string): boolean {
  const code = codeOf(character);
  return (
    code === 0x200c ||
    code === 0x200d ||
    code === 0xfe0e ||
    code === 0xfe0f ||
    (code >= 0x1f3fb && code <= 0x1f3ff) ||
    (code >= 0xe0020 && code <= 0xe007f)
  );
}

/** Belongs to the character before it: a mark, or one of the droppable modifiers. */
function isAttached(character: string): boolean {
  return MARK.test(character) || isDroppable(character);
}

const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

interface LoadedFace {
  file: PdfFontFile;
  font: Font;
}

let loadedFaces: LoadedFace[] | undefined;

/** Opened once per thread; the files that are missing are skipped. */
function loadFaces(): LoadedFace[] {
  loadedFaces ??= PDF_FONT_FILES.filter(
    (file) => existsSync(file.path) && (!file.boldPath || existsSync(file.boldPath)),
  ).map((file) => ({ file, font: openSync(file.path) as Font }));
  return loadedFaces;
}

function unicodeFonts(faces: LoadedFace[]): PdfFonts {
  const emojiFirst = [...faces.filter((face) => face.file.forEmoji), ...faces];
  const base = faces[0] as LoadedFace;
  const has = (face: LoadedFace, character: string) =>
    face.font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0);
  return {
    register(document) {
      for (const { file } of faces) {
        document.registerFont(file.name, file.path);
        if (file.boldPath) document.registerFont(`${file.name}-Bold`, file.boldPath);
      }
    },
    fontName(face, bold) {
      const file = faces.find((candidate) => candidate.file.name === face)?.file;
      return bold && file?.boldPath ? `${face}-Bold` : face;
    },
    facedText(text) {
      const pieces: FacedText[] = [];
      const push = (character: string, face: LoadedFace) => {
        const last = pieces.at(-1);
        if (last?.face === face.file.name) last.text += character;
        else pieces.push({ text: character, face: face.file.name });
      };
      let previous: LoadedFace | undefined;
      for (const character of text) {
        if (isAttached(character) && previous) {
          if (isDroppable(character) && previous.file.forEmoji) continue;
          if (has(previous, character)) push(character, previous);
          continue;
        }
        const emoji = EMOJI.test(character);
        const candidates = emoji
          ? emojiFirst
          : SHARED.test(character) && previous
            ? [previous, ...faces]
            : faces;
        const face = candidates.find((candidate) => has(candidate, character));
        if (face) {
          push(character, face);
          previous = face;
        } else if (!isDroppable(character)) {
          push(emoji ? EMOJI_PLACEHOLDER : REPLACEMENT, base);
          previous = base;
        }
      }
      return pieces;
    },
  };
}

const STANDARD_FONTS: PdfFonts = {
  register() {},
  fontName: (_face, bold) => (bold ? 'Helvetica-Bold' : 'Helvetica'),
  facedText: (text) => [
    {
      face: 'Helvetica',
      text: Array.from(text.normalize('NFC'))
        .map((character) => {
          if (isWinAnsi(character)) return character;
          const stripped = character.normalize('NFKD').replace(/\p{M}/gu, '');
          return Array.from(stripped).every(isWinAnsi) && stripped !== '' ? stripped : '?';
        })
        .join(''),
    },
  ],
};

/**
 * Helvetica (built into every PDF reader, nothing embedded) when the text fits its Windows-1252
 * encoding. Otherwise Debian's fonts, each character in the first that has it, embedded as
 * subsets. Without them (not a Debian system), accents are dropped and the rest becomes `?`.
 */
export function choosePdfFonts(texts: readonly string[]): PdfFonts {
  const needsUnicode = texts.some((text) => Array.from(text).some((c) => !isWinAnsi(c)));
  const faces = needsUnicode ? loadFaces() : [];
  return faces[0]?.file === PDF_FONT_FILES[0] ? unicodeFonts(faces) : STANDARD_FONTS;
}
