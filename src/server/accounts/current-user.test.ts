import { describe, expect, it } from 'vitest';
import { sessionCookieValues } from './current-user.js';

describe('the session cookies of a request', () => {
  it('finds the session cookie among others, with or without the secure prefix', () => {
    expect(
      sessionCookieValues('theme=dark; better-auth.session_token=abc.def%3D; lang=en'),
    ).toEqual(['abc.def%3D']);
    expect(sessionCookieValues('__Secure-better-auth.session_token=xyz')).toEqual(['xyz']);
  });

  it('reports every session cookie, so an ambiguous request is not answered from memory', () => {
    expect(
      sessionCookieValues('better-auth.session_token=one;better-auth.session_token=two'),
    ).toEqual(['one', 'two']);
  });

  it('ignores cookies whose name only resembles the session cookie', () => {
    expect(sessionCookieValues(undefined)).toEqual([]);
    expect(sessionCookieValues('')).toEqual([]);
    expect(sessionCookieValues('my-better-auth.session_token=evil; x=1')).toEqual([]);
    expect(sessionCookieValues('better-auth.session_token_2=evil')).toEqual([]);
    expect(sessionCookieValues('better-auth.session_data=abc')).toEqual([]);
  });
});
