import { describe, expect, it } from 'vitest';
import { recordEdit, startHistory } from './edit-history';
import { restoreHistory, storeHistory } from './stored-history';
import type { TranscriptDocument } from './transcript-saver';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const line = (text: string, start = 0) => ({
  start,
  end: start + 2,
  text,
  speaker: 'Speaker 1',
  words: [],
});
const documentOf = (...texts: string[]): TranscriptDocument => ({
  filename: 'talk.wav',
  segments: texts.map((text, index) => line(text, index * 2)),
});

describe('undo history kept across a reload', () => {
  it('gives back the steps when the server holds the last state', () => {
    const storage = memoryStorage();
    const history = recordEdit(startHistory(documentOf('one two')), documentOf('one two three'));
    storeHistory(storage, 'abc', history);
    const restored = restoreHistory(storage, 'abc', documentOf('one two three'));
    expect(restored?.past).toEqual([documentOf('one two')]);
    expect(restored?.present).toEqual(documentOf('one two three'));
  });

  it('starts afresh when the transcript changed since (another tab, an unsaved edit)', () => {
    const storage = memoryStorage();
    const history = recordEdit(startHistory(documentOf('one two')), documentOf('one two three'));
    storeHistory(storage, 'abc', history);
    expect(restoreHistory(storage, 'abc', documentOf('one two four'))).toBeNull();
    expect(restoreHistory(storage, 'other', documentOf('one two three'))).toBeNull();
  });

  it('keeps the newest steps of a history too large to store whole', () => {
    const storage = memoryStorage();
    const long = 'word '.repeat(100_000);
    let history = startHistory(documentOf('start'));
    for (let step = 0; step < 8; step += 1)
      history = recordEdit(history, documentOf(`${long}${step}`));
    storeHistory(storage, 'abc', history);
    const restored = restoreHistory(storage, 'abc', documentOf(`${long}7`));
    expect(restored?.past.length).toBeGreaterThan(0);
    expect(restored?.past.length).toBeLessThan(8);
    expect(restored?.past.at(-1)).toEqual(documentOf(`${long}6`));
  });
});
