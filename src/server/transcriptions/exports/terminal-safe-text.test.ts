import { describe, expect, it } from 'vitest';
import { terminalSafeText } from './terminal-safe-text.js';

describe('terminalSafeText', () => {
  it.each([
    ['colours and screen clears go whole', 'a\u001b[2J\u001b[1;31mred\u001b[0m b', 'ared b'],
    ['a window title goes whole', 'x\u001b]0;pwned\u0007y', 'xy'],
    [
      'a hyperlink keeps its text',
      'x\u001b]8;;http://e.test\u001b\\link\u001b]8;;\u001b\\y',
      'xlinky',
    ],
    ['8-bit CSI goes whole', 'z\u009b2Jq', 'zq'],
    ['two-character escapes go', 'e\u001bcf\u001b7g', 'efg'],
    ['an unended string keeps the rest of the text', 'k\u001b]not ended', 'knot ended'],
    ['cursor moves become newlines', 'a\r\nb\rc\u000bd\u000ce', 'a\nb\nc\nd\ne'],
    ['other controls go, tab stays', 'tab\there\u0000\u0008\u007f\u0085\u009f.', 'tab\there.'],
  ])('%s', (_, text, expected) => {
    expect(terminalSafeText(text)).toBe(expected);
  });

  it('leaves ordinary text, right-to-left included, as it is', () => {
    const text = 'Réunion – “budget” 👩‍👩‍👧 שלום مرحبا\n\tnext line';
    expect(terminalSafeText(text)).toBe(text);
  });
});
