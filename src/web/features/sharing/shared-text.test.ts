import { describe, expect, it } from 'vitest';
import { sharedText } from './shared-text';

const line = (text: string, speaker: string) => ({ start: 0, end: 1, text, speaker });

describe('sharedText', () => {
  it('copies a paragraph per turn, named, when several people speak', () => {
    const segments = [
      line('Hello.', 'Maria'),
      line('Hi.', 'Jonas'),
      line('', 'Maria'),
      line('Go on.', 'Jonas'),
    ];
    expect(sharedText({ text: 'Hello. Hi. Go on.', segments })).toBe(
      'Maria: Hello.\n\nJonas: Hi. Go on.',
    );
  });

  it('copies the text as it is when one person speaks', () => {
    const segments = [line('Hello.', 'Maria'), line('Again.', 'Maria')];
    expect(sharedText({ text: 'Hello. Again.', segments })).toBe('Hello. Again.');
  });
});
