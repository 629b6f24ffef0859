import { describe, expect, it } from 'vitest';
import { languageCodeOfName, whisperLanguageCode } from './language-codes.js';

describe('whisper languages', () => {
  it('turns request tags into whisper codes and reported names into codes', () => {
    expect(whisperLanguageCode('en-US')).toBe('en');
    expect(whisperLanguageCode('DE')).toBe('de');
    expect(whisperLanguageCode('haw')).toBe('haw');
    expect(whisperLanguageCode('xx')).toBeUndefined();
    expect(whisperLanguageCode('constructor')).toBeUndefined();
    expect(whisperLanguageCode(undefined)).toBeUndefined();
    expect(languageCodeOfName('english')).toBe('en');
    expect(languageCodeOfName('ukrainian')).toBe('uk');
    expect(languageCodeOfName('')).toBeUndefined();
  });
});
