import { openSync, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { PDF_FONT_FILES } from './pdf-font-files.js';
import { choosePdfFonts, EMOJI_PLACEHOLDER } from './pdf-fonts.js';

const fontsByName = new Map(
  PDF_FONT_FILES.map((file) => [file.name, openSync(file.path) as Font] as const),
);

/** Each character and the face it was given: a face without it would draw an empty box. */
function unshowable(text: string): string[] {
  return choosePdfFonts([text])
    .facedText(text)
    .flatMap((piece) =>
      Array.from(piece.text).filter(
        (character) =>
          !fontsByName.get(piece.face)?.hasGlyphForCodePoint(character.codePointAt(0) ?? 0),
      ),
    );
}

describe('the fonts of a PDF', () => {
  it('give every character of every script a font that has it', () => {
    const text =
      '我住在北京 私は東京都に住んでいます 서울에서 만나요 مرحبا بالعالم שלום עולם नमस्ते दुनिया Добрый день Καλημέρα café 👍🏽 😀 ❤️';
    expect(unshowable(text)).toEqual([]);
    const faces = new Set(
      choosePdfFonts([text])
        .facedText(text)
        .map((piece) => piece.face),
    );
    expect(faces).toEqual(new Set(PDF_FONT_FILES.map((file) => file.name)));
  });

  it('write an emoji no font has as [emoji], and drop the modifiers of those it has', () => {
    const text = 'a 🫠 b 👨‍👩‍👧 c 👍🏽';
    const shown = choosePdfFonts([text])
      .facedText(text)
      .map((piece) => piece.text)
      .join('');
    expect(shown).toBe(`a ${EMOJI_PLACEHOLDER} b 👨👩👧 c 👍`);
    expect(unshowable(text)).toEqual([]);
  });

  it('keep Helvetica, embedding nothing, when Windows-1252 holds the text', () => {
    const fonts = choosePdfFonts(['Crème brûlée – “quoted”']);
    expect(fonts.facedText('Crème brûlée')).toEqual([{ text: 'Crème brûlée', face: 'Helvetica' }]);
  });
});
