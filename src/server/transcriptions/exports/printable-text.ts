/** Control characters (other than tab and line breaks) are invalid in XML and meaningless in print. */
export function printableText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
