import { withoutSpoofingCharacters } from '../../../core/format/without-spoofing-characters.js';
import { terminalSafeText } from './terminal-safe-text.js';

/**
 * A speaker's name as every export shows it: one line, without terminal escapes, controls or
 * characters that reorder text (a name is user input, like a file name). A name left empty by
 * that reads as `Speaker`.
 */
export function exportedSpeakerName(name: string): string {
  const clean = withoutSpoofingCharacters(terminalSafeText(name)).replace(/\s+/gu, ' ').trim();
  return clean || 'Speaker';
}
