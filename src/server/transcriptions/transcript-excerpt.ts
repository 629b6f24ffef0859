import { transcriptions } from '../db/schema.js';

import { EXCERPT_CHARACTERS } from '../../core/api/transcriptions.js';

export { EXCERPT_CHARACTERS };
const CUT = '…';
const UNFINISHED: readonly string[] = ['queued', 'processing'];

/** While a transcript is being made its newest words matter; once made, its first ones. */
export function excerptFromEnd(status: string): boolean {
  return UNFINISHED.includes(status);
}

/**
 * The column the excerpt is cut from: the whole text, since it is encrypted at rest and the
 * database cannot cut it (docs/decisions/0090). The row holds the text only until its excerpt
 * is made.
 */
export function excerptSourceColumn() {
  return transcriptions.text;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * At most `EXCERPT_CHARACTERS` of `text`: its beginning, or with `fromEnd` its end. A cut is
 * made between words where one is near, never inside a character, and marked with "…".
 */
export function excerptOf(text: string, fromEnd: boolean): string {
  if (text.length <= EXCERPT_CHARACTERS) return text;
  const keep = EXCERPT_CHARACTERS - CUT.length;
  if (fromEnd) {
    let part = text.slice(text.length - keep);
    if (isLowSurrogate(part.charCodeAt(0))) part = part.slice(1);
    const space = part.search(/\s/);
    if (space >= 0 && space < keep / 2) part = part.slice(space);
    return `${CUT}${part.trimStart()}`;
  }
  let part = text.slice(0, keep);
  if (isHighSurrogate(part.charCodeAt(part.length - 1))) part = part.slice(0, -1);
  const space = Math.max(part.lastIndexOf(' '), part.lastIndexOf('\n'));
  if (space > keep / 2) part = part.slice(0, space);
  return `${part.trimEnd()}${CUT}`;
}
