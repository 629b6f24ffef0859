import { describe, expect, it } from 'vitest';
import { UniqueEntryNames } from './unique-entry-names.js';

describe('UniqueEntryNames', () => {
  it('numbers repeats, ignoring case, and keeps the extension last', () => {
    const names = new UniqueEntryNames();
    expect(names.claim('Interview.txt')).toBe('Interview.txt');
    expect(names.claim('interview.txt')).toBe('interview (2).txt');
    expect(names.claim('Interview.txt')).toBe('Interview (3).txt');
    expect(names.claim('Interview (2).txt')).toBe('Interview (2) (2).txt');
    expect(names.claim('Interview.srt')).toBe('Interview.srt');
  });

  it('never makes a folder out of a name', () => {
    const names = new UniqueEntryNames();
    expect(names.claim('../../etc/passwd.txt')).toBe('.._.._etc_passwd.txt');
    expect(names.claim('a\\b.txt')).toBe('a_b.txt');
  });

  it('names without an extension get the number at the end', () => {
    const names = new UniqueEntryNames();
    expect(names.claim('notes')).toBe('notes');
    expect(names.claim('notes')).toBe('notes (2)');
  });
});

describe('UniqueEntryNames.claimFolder', () => {
  it('numbers a folder at its end even when it holds dots', () => {
    const names = new UniqueEntryNames();
    expect(names.claimFolder('Talk v1.2')).toBe('Talk v1.2');
    expect(names.claimFolder('talk V1.2')).toBe('talk V1.2 (2)');
  });
});

describe('UniqueEntryNames.claimFolder of dots', () => {
  it('never names a folder `.` or `..`', () => {
    const names = new UniqueEntryNames();
    expect(names.claimFolder('..')).toBe('transcript');
    expect(names.claimFolder('.')).toBe('transcript (2)');
  });
});
