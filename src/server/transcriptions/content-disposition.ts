import { withoutSpoofingCharacters } from '../../core/format/without-spoofing-characters.js';

/**
 * The download name: the original name with its extension replaced (by .txt unless told), without
 * the characters that could disguise that extension (names stored before they were stripped).
 */
export function transcriptFilename(original: string, extension = 'txt'): string {
  const name = withoutSpoofingCharacters(original);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'transcript'}.${extension}`;
}

/**
 * RFC 6266 with an RFC 5987 `filename*` for the real (unicode) name, and an ASCII fallback in
 * which quotes, backslashes and anything outside printable ASCII are replaced.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
