import type { FileRejection } from 'react-dropzone';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { MAX_UPLOAD_BYTES, MEGABYTE } from '../../../core/plans';
import {
  rejectionMessage,
  splitMessage,
  storageProblem,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_ACCEPT,
  validateAudioFile,
} from './validate-audio-file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('validateAudioFile', () => {
  it.each([
    ['talk.mp3', 'audio/mpeg'],
    ['talk.wav', 'audio/wav'],
    ['talk.wav', 'audio/x-wav'],
    ['talk.m4a', 'audio/mp4'],
    ['talk.m4a', 'audio/x-m4a'],
    ['TALK.MP3', ''],
    ['recording', 'audio/wav'],
    ['talk.flac', 'audio/flac'],
    ['talk.flac', ''],
    ['song.ogg', 'audio/ogg'],
    ['voice.opus', ''],
    ['talk.aac', 'audio/aac'],
    ['video.webm', 'video/webm'],
    ['memo.webm', 'audio/webm;codecs=opus'],
    ['interview.mp4', 'video/mp4'],
    ['clip.MOV', 'video/quicktime'],
    ['clip.mov', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(validateAudioFile(file(name, type))).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['picture.png', 'image/png'],
    ['slides.pdf', 'application/pdf'],
    ['movie.avi', 'video/x-msvideo'],
    ['noextension', ''],
  ])('rejects %s (%s) as the wrong type', (name, type) => {
    expect(validateAudioFile(file(name, type))).toBe(MESSAGES.invalidFileType);
  });

  it('accepts exactly 100 MB and rejects one byte more', () => {
    expect(validateAudioFile(file('a.mp3', 'audio/mpeg', MAX_UPLOAD_BYTES))).toBeNull();
    expect(validateAudioFile(file('a.mp3', 'audio/mpeg', MAX_UPLOAD_BYTES + 1))).toBe(
      MESSAGES.fileTooLarge,
    );
  });

  it('says an empty file is empty', () => {
    expect(validateAudioFile(file('a.mp3', 'audio/mpeg', 0))).toBe('This file is empty.');
  });

  it('says a file is over 100 MB before saying it would not fit the storage left', () => {
    const usage = {
      plan: 'free' as const,
      storageBytes: 60 * MEGABYTE,
      storageLimit: 100 * MEGABYTE,
    };
    const huge = file('a.mp3', 'audio/mpeg', MAX_UPLOAD_BYTES + 1);
    expect(validateAudioFile(huge) ?? storageProblem(huge, usage)).toBe(MESSAGES.fileTooLarge);
    const big = file('a.mp3', 'audio/mpeg', 41 * MEGABYTE);
    expect(validateAudioFile(big) ?? storageProblem(big, usage)).toMatch(
      /^Storage limit reached: /,
    );
    expect(storageProblem(file('a.mp3', 'audio/mpeg', 40 * MEGABYTE), usage)).toBeNull();
    expect(storageProblem(big, undefined)).toBeNull();
  });

  it('reports the type before the size', () => {
    expect(validateAudioFile(file('a.txt', 'text/plain', MAX_UPLOAD_BYTES + 1))).toBe(
      MESSAGES.invalidFileType,
    );
  });
});

describe('one list for the dashboard, the recorder and the free trial', () => {
  it("the recorder's recording.wav passes the dashboard's check", () => {
    expect(validateAudioFile(file('recording.wav', 'audio/wav'))).toBeNull();
  });

  it('the picker and the drop area offer every extension the check accepts', () => {
    const offered = new Set(Object.values(UPLOAD_ACCEPT).flat());
    for (const extension of ['.mp3', '.wav', '.m4a', '.ogg', '.opus', '.flac', '.aac', '.webm'])
      expect(offered).toContain(extension);
    for (const extension of ['.mp4', '.mov']) expect(offered).toContain(extension);
  });
});

describe('rejectionMessage', () => {
  const reject = (...codes: string[]): FileRejection[] => [
    {
      file: Object.assign(new File([], 'x'), { path: 'x', relativePath: 'x' }),
      errors: codes.map((code) => ({ code, message: code })),
    },
  ];

  it('maps react-dropzone codes to the spec texts', () => {
    expect(rejectionMessage(reject('file-invalid-type'))).toBe(MESSAGES.invalidFileType);
    expect(rejectionMessage(reject('file-too-large'))).toBe(MESSAGES.fileTooLarge);
    expect(rejectionMessage(reject('too-many-files'))).toBe(TOO_MANY_FILES_MESSAGE);
  });
});

describe('splitMessage', () => {
  it('splits at the first colon', () => {
    expect(splitMessage(MESSAGES.fileTooLarge)).toEqual({
      title: 'File too large',
      description: 'File size exceeds the maximum limit of 100MB.',
    });
    expect(splitMessage('Plain')).toEqual({ title: 'Plain' });
  });
});
