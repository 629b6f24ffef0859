import { describe, expect, it } from 'vitest';
import { sanitizeFilename } from './sanitize-filename.js';

describe('sanitizeFilename', () => {
  it.each([
    ['evil\u202e3pm.exe', 'evil3pm.exe'],
    ['a\u202ab\u202bc\u202cd\u202de.wav', 'abcde.wav'],
    ['\u2066isolated\u2067 \u2068name\u2069.mp3', 'isolated name.mp3'],
    ['marked\u200e\u200f\u061c.ogg', 'marked.ogg'],
    ['c1\u0085\u009b controls.wav', 'c1 controls.wav'],
    ['line\u2028para\u2029.wav', 'linepara.wav'],
  ])('takes out what hides or reorders characters: %j', (raw, expected) => {
    expect(sanitizeFilename(raw)).toBe(expected);
  });

  it('keeps right-to-left text, accents and joined emoji around what it takes out', () => {
    for (const name of ['שלום עולם.mp3', 'مرحبا.wav', 'Réunion.m4a', 'family 👩‍👩‍👧.wav']) {
      const dot = name.lastIndexOf('.');
      expect(sanitizeFilename(`${name.slice(0, dot)}\u202e\u200f${name.slice(dot)}`)).toBe(name);
    }
  });

  it('falls back when nothing visible is left', () => {
    expect(sanitizeFilename('\u202e\u200f')).toBe('audio');
  });
});
