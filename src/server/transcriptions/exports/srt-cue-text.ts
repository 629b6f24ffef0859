/**
 * What players read as markup in SubRip: HTML-like tags (`<i>`, `<font color=…>`) and brace
 * blocks (`{\an8}`, `{Y:i}`).
 */
const MARKUP = /<\/?[A-Za-z][^<>]*>|\{[^{}]*\}/g;

/**
 * SubRip has no escapes, and players differ on what a `<` starts. So markup is dropped, and every
 * `<` or `{` left (including one a dropped tag had split, as in `<<b>b>`) becomes a look-alike
 * that no player reads as markup: `‹` and `(`.
 */
export function srtCueText(text: string): string {
  return text.replace(MARKUP, '').replaceAll('<', '‹').replaceAll('{', '(');
}
