import { withoutSpoofingCharacters } from '../../core/format/without-spoofing-characters.js';

const MAX_FILENAME_LENGTH = 200;

/** Browsers send `"`, CR and LF in multipart file names as %22, %0D and %0A (WHATWG FormData). */
function decodeFormDataEscapes(name: string): string {
  return name.replace(/%22/gi, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/**
 * The name shown to the user: the last path segment only, no control characters (CR/LF) or
 * bidirectional overrides, trimmed and bounded. Quotes and emoji stay: they are escaped wherever the name is emitted.
 */
export function sanitizeFilename(raw: string | undefined, fallback = 'audio'): string {
  const lastSegment =
    decodeFormDataEscapes(raw ?? '')
      .split(/[/\\]/)
      .pop() ?? '';
  const cleaned = withoutSpoofingCharacters(lastSegment).trim();
  const withoutDots = cleaned.replace(/^\.+$/, '');
  if (withoutDots.length === 0) return fallback;
  const characters = Array.from(withoutDots);
  return characters.length > MAX_FILENAME_LENGTH
    ? characters.slice(0, MAX_FILENAME_LENGTH).join('')
    : withoutDots;
}
