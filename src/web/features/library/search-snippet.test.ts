import { describe, expect, it } from 'vitest';
import { splitSnippet } from './search-snippet';

describe('splitSnippet', () => {
  it('splits the marked words from the text around them', () => {
    expect(splitSnippet('we voted on the <mark>budget</mark> and the <mark>plan</mark>.')).toEqual([
      { text: 'we voted on the ', marked: false },
      { text: 'budget', marked: true },
      { text: ' and the ', marked: false },
      { text: 'plan', marked: true },
      { text: '.', marked: false },
    ]);
  });

  it('turns the escaped text back into characters, so a tag in a transcript stays text', () => {
    expect(
      splitSnippet('&lt;b&gt; &amp; &quot;<mark>Tom&#39;s</mark>&quot; &#x2014; &nbsp;'),
    ).toEqual([
      { text: '<b> & "', marked: false },
      { text: "Tom's", marked: true },
      { text: '" \u2014 &nbsp;', marked: false },
    ]);
  });

  it('survives stray, unclosed and adjacent tags', () => {
    expect(splitSnippet('</mark>a<mark>b</mark><mark>c')).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
    ]);
    expect(splitSnippet('')).toEqual([]);
  });
});
