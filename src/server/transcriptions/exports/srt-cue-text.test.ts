import { describe, expect, it } from 'vitest';
import { srtCueText } from './srt-cue-text.js';

describe('srtCueText', () => {
  it.each([
    ['A <b>bold</b> claim', 'A bold claim'],
    ['<font color="red">Alarm</font>', 'Alarm'],
    ['{\\an8}top {Y:i}line', 'top line'],
    ['<<b>b>bold', '‹b>bold'],
    ['{{\\a}\\an8}z', '(\\an8}z'],
    ['x < y and 2 > 1', 'x ‹ y and 2 > 1'],
  ])('%j reads as %j', (text, expected) => {
    expect(srtCueText(text)).toBe(expected);
  });

  it('leaves text without markup as it is', () => {
    const text = 'Maria said: "twelve percent" & more -> noted.';
    expect(srtCueText(text)).toBe(text);
  });
});
