/**
 * espeak-ng's IPA for US English, mapped to the 39 phones of CMU Sphinx's en-us acoustic model
 * (the ARPAbet of cmudict, without stress). Longest match first: diphthongs and affricates are
 * one phone there. Stress, length and syllable marks carry no phone; anything else unknown is
 * skipped rather than guessed. espeak-ng writes US /t/ before a syllabic n as a glottal stop
 * ("button" bˈʌʔn̩), where cmudict writes T AH N; syllabic consonants are AH and the consonant
 * there ("bottle" B AA T AH L). A glottal stop elsewhere (before a vowel) is no phone.
 */
const IPA_TO_CMU: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ʔn\u0329', ['T', 'AH', 'N']],
  ['n\u0329', ['AH', 'N']],
  ['l\u0329', ['AH', 'L']],
  ['m\u0329', ['AH', 'M']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['oʊ', ['OW']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['eɪ', ['EY']],
  ['ɔɪ', ['OY']],
  ['ɪɹ', ['IH', 'R']],
  ['ɛɹ', ['EH', 'R']],
  ['ʊɹ', ['UH', 'R']],
  ['ɑːɹ', ['AA', 'R']],
  ['ɔːɹ', ['AO', 'R']],
  ['ɜː', ['ER']],
  ['ɚ', ['ER']],
  ['ɝ', ['ER']],
  ['iː', ['IY']],
  ['i', ['IY']],
  ['ɪ', ['IH']],
  ['ᵻ', ['IH']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['æ', ['AE']],
  ['a', ['AE']],
  ['ɑː', ['AA']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['ɔː', ['AO']],
  ['ɔ', ['AO']],
  ['o', ['OW']],
  ['uː', ['UW']],
  ['u', ['UW']],
  ['ʊ', ['UH']],
  ['ʌ', ['AH']],
  ['ə', ['AH']],
  ['ɐ', ['AH']],
  ['p', ['P']],
  ['b', ['B']],
  ['t', ['T']],
  ['d', ['D']],
  ['ɾ', ['T']],
  ['k', ['K']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['f', ['F']],
  ['v', ['V']],
  ['θ', ['TH']],
  ['ð', ['DH']],
  ['s', ['S']],
  ['z', ['Z']],
  ['ʃ', ['SH']],
  ['ʒ', ['ZH']],
  ['h', ['HH']],
  ['x', ['HH']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['l', ['L']],
  ['ɫ', ['L']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['w', ['W']],
  ['j', ['Y']],
];

const LONGEST_FIRST = [...IPA_TO_CMU].sort(([a], [b]) => b.length - a.length);

const STRESS_MARKS = new Set(['ˈ', 'ˌ']);
const VOWELS = new Set([
  'IY',
  'IH',
  'EH',
  'AE',
  'AA',
  'AO',
  'OW',
  'UW',
  'UH',
  'AH',
  'ER',
  'AY',
  'AW',
  'EY',
  'OY',
]);
/** Full vowels that speakers often reduce to a schwa when unstressed, as cmudict's AH0 shows. */
const REDUCIBLE = new Set(['EH', 'AE', 'AA', 'AO']);

/**
 * `kɛnˈoʊbaɪ` → `K EH N OW B AY`; empty when nothing in it is a phone. With `reduceUnstressed`,
 * the open and mid vowels of syllables espeak-ng marks with no stress become AH, the reduced
 * form cmudict writes for many of them ("counselled" K AW N S AH L D where espeak-ng has ɛ).
 */
export function ipaToCmuPhones(
  ipa: string,
  options: { reduceUnstressed?: boolean } = {},
): string[] {
  const phones: string[] = [];
  let rest = ipa.normalize('NFC');
  let stressed = false;
  while (rest.length > 0) {
    const match = LONGEST_FIRST.find(([symbol]) => rest.startsWith(symbol));
    if (match) {
      const [first, ...others] = match[1];
      const isVowel = first !== undefined && VOWELS.has(first);
      const reduce = options.reduceUnstressed && isVowel && !stressed && REDUCIBLE.has(first);
      phones.push(reduce ? 'AH' : (first as string), ...others);
      if (isVowel) stressed = false;
      rest = rest.slice(match[0].length);
    } else {
      if (STRESS_MARKS.has(rest[0] as string)) stressed = true;
      rest = rest.slice(1);
    }
  }
  return phones;
}
