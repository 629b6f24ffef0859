/**
 * Control characters (C0, DEL, C1), the bidirectional marks, embeddings, overrides and isolates,
 * and the line and paragraph separators. None is visible; the bidi ones reorder what follows, so
 * "evil\u202Egpj.exe" reads as "evilexe.jpg".
 */
const SPOOFING_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

/** A file name as it will be shown and saved: without characters that hide or reorder its parts. */
export function withoutSpoofingCharacters(name: string): string {
  return name.replace(SPOOFING_CHARACTERS, '');
}
