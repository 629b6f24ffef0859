import { existsSync } from 'node:fs';

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

/** Debian's fonts-dejavu-core: covers Latin, Greek, Cyrillic, Hebrew, Arabic and more. */
const UNICODE_FONT = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

export interface PdfFonts {
  regular: string;
  bold: string;
  /** Makes text showable in these fonts. */
  prepare(text: string): string;
}

/**
 * Helvetica (built into every PDF reader, nothing embedded) when the text fits its Windows-1252
 * encoding. Otherwise DejaVu Sans, embedded as a subset, when the system has it; without it,
 * accents are dropped and characters Helvetica cannot show become `?`.
 */
export function choosePdfFonts(texts: readonly string[]): PdfFonts {
  const needsUnicode = texts.some((text) => Array.from(text).some((c) => !isWinAnsi(c)));
  if (needsUnicode && existsSync(UNICODE_FONT.regular) && existsSync(UNICODE_FONT.bold)) {
    return { ...UNICODE_FONT, prepare: (text) => text };
  }
  return {
    regular: 'Helvetica',
    bold: 'Helvetica-Bold',
    prepare: (text) =>
      Array.from(text.normalize('NFC'))
        .map((character) => {
          if (isWinAnsi(character)) return character;
          const stripped = character.normalize('NFKD').replace(/\p{M}/gu, '');
          return Array.from(stripped).every(isWinAnsi) && stripped !== '' ? stripped : '?';
        })
        .join(''),
  };
}
