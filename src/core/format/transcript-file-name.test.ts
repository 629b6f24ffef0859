import { describe, expect, it } from 'vitest';
import { transcriptFileName } from './transcript-file-name.js';

describe('transcriptFileName', () => {
  it.each([
    ['interview.mp3', 'interview.txt'],
    ['recording.wav', 'recording.txt'],
    ['my.talk.m4a', 'my.talk.txt'],
    ['no-extension', 'no-extension.txt'],
    ['.mp3', 'transcript.txt'],
    ['', 'transcript.txt'],
  ])('%s -> %s', (name, expected) => {
    expect(transcriptFileName(name)).toBe(expected);
  });

  it('takes the export format as the extension', () => {
    expect(transcriptFileName('interview.mp3', 'srt')).toBe('interview.srt');
    expect(transcriptFileName('', 'docx')).toBe('transcript.docx');
  });

  it('leaves out direction overrides, so the extension shown is the real one', () => {
    // "evil\u202E3pm.txt" would show as "eviltxt.mp3".
    expect(transcriptFileName('evil\u202e3pm.exe', 'txt')).toBe('evil3pm.txt');
    expect(transcriptFileName('\u2067report\u2069\u200f.wav', 'pdf')).toBe('report.pdf');
  });
});
