import { execFileSync } from 'node:child_process';
import { SpeechEngineError } from '../speech-engine-error.js';
import { ipaToCmuPhones } from './ipa-to-cmu-phones.js';

const ESPEAK_TIMEOUT_MS = 20_000;

/**
 * Pronunciations for words the dictionary lacks, from espeak-ng's US English rules and exception
 * lists (a real grapheme-to-phoneme source), as the en-us model's phones: espeak-ng's own, then,
 * when it differs, the same with unstressed vowels reduced (see ipaToCmuPhones). One espeak-ng
 * run for all of them: each word is its own sentence, so each comes back on its own line. Words
 * that give no phones are left out. Synchronous: it runs on a decoder thread, between two chunks.
 */
export function pronounceWords(words: readonly string[]): Map<string, string[]> {
  const pronunciations = new Map<string, string[]>();
  if (words.length === 0) return pronunciations;
  let output: string;
  try {
    output = execFileSync('espeak-ng', ['-q', '-v', 'en-us', '--ipa'], {
      input: words.map((word) => `${word}.\n`).join(''),
      encoding: 'utf8',
      timeout: ESPEAK_TIMEOUT_MS,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
  } catch (error) {
    throw new SpeechEngineError(
      `espeak-ng could not give pronunciations for the custom vocabulary (${error instanceof Error ? error.message : String(error)}): install the Debian package espeak-ng`,
    );
  }
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  // A word espeak-ng reads as more than one sentence (rare: "a.b.c") would shift every line after it.
  if (lines.length !== words.length)
    return words.length === 1 ? pronunciations : pronounceOneByOne(words);
  words.forEach((word, index) => {
    const ipa = lines[index] ?? '';
    const phones = ipaToCmuPhones(ipa).join(' ');
    const reduced = ipaToCmuPhones(ipa, { reduceUnstressed: true }).join(' ');
    if (phones !== '') pronunciations.set(word, reduced === phones ? [phones] : [phones, reduced]);
  });
  return pronunciations;
}

function pronounceOneByOne(words: readonly string[]): Map<string, string[]> {
  return new Map(words.flatMap((word) => [...pronounceWords([word])]));
}
