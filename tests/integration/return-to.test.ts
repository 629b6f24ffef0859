import { describe, expect, it } from 'vitest';
import { sanitizeReturnTo } from '../../src/server/accounts/return-to.js';

const BASE = 'http://localhost:3000';

describe('returnTo after sign-in', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(sanitizeReturnTo('/transcription/abc?x=1#top', BASE)).toBe('/transcription/abc?x=1#top');
    expect(sanitizeReturnTo('/upgrade', BASE)).toBe('/upgrade');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'upgrade',
    '',
    undefined,
  ])('sends %s back to /', (value) => {
    expect(sanitizeReturnTo(value, BASE)).toBe('/');
  });
});
