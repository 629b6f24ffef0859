import { describe, expect, it } from 'vitest';
import { ipaToCmuPhones } from './ipa-to-cmu-phones.js';

describe('ipaToCmuPhones', () => {
  it("maps espeak-ng's US English IPA to the en-us model's phones", () => {
    expect(ipaToCmuPhones('kɛnˈoʊbaɪ')).toEqual(['K', 'EH', 'N', 'OW', 'B', 'AY']);
    expect(ipaToCmuPhones('swˈeɪnhaɪm')).toEqual(['S', 'W', 'EY', 'N', 'HH', 'AY', 'M']);
    expect(ipaToCmuPhones('pˈænɑːɹts')).toEqual(['P', 'AE', 'N', 'AA', 'R', 'T', 'S']);
    expect(ipaToCmuPhones('tʃˈɜːl')).toEqual(['CH', 'ER', 'L']);
    expect(ipaToCmuPhones('nˈoʊd dˈɑːt dʒˌeɪˈɛs')).toEqual([
      'N',
      'OW',
      'D',
      'D',
      'AA',
      'T',
      'JH',
      'EY',
      'EH',
      'S',
    ]);
  });

  it('writes a glottal stop before a syllabic n as cmudict does: T AH N', () => {
    expect(ipaToCmuPhones('ɡlˈʌʔn̩')).toEqual(['G', 'L', 'AH', 'T', 'AH', 'N']);
    expect(ipaToCmuPhones('bˈɑːɾl̩')).toEqual(['B', 'AA', 'T', 'AH', 'L']);
  });

  it('skips marks and symbols that carry no phone', () => {
    expect(ipaToCmuPhones('ˈˌː-')).toEqual([]);
    expect(ipaToCmuPhones('ʔə')).toEqual(['AH']);
  });

  it('can reduce the open and mid vowels of unstressed syllables to AH, as cmudict often does', () => {
    expect(ipaToCmuPhones('kˈaʊnsɛld', { reduceUnstressed: true })).toEqual([
      'K',
      'AW',
      'N',
      'S',
      'AH',
      'L',
      'D',
    ]);
    expect(ipaToCmuPhones('plˈɛzæntɚ', { reduceUnstressed: true })).toEqual([
      'P',
      'L',
      'EH',
      'Z',
      'AH',
      'N',
      'T',
      'ER',
    ]);
    // Stressed vowels, and close vowels and diphthongs, stay as they are.
    expect(ipaToCmuPhones('sˌʌbɪˈɑːkoʊ', { reduceUnstressed: true })).toEqual([
      'S',
      'AH',
      'B',
      'IH',
      'AA',
      'K',
      'OW',
    ]);
  });
});
