import { describe, expect, it } from 'vitest';
import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';
import { isLibrarySort, libraryItems, libraryPageUrl, sameItems } from './library-pages';

const item = (id: string, status: TranscriptionListItemDto['status'] = 'completed') =>
  ({ id, filename: `${id}.mp3`, status, progress: 0 }) as TranscriptionListItemDto;

describe('libraryPageUrl', () => {
  it('asks for the first page without a cursor and later pages before the cursor', () => {
    expect(libraryPageUrl('newest', null)).toBe('/api/transcriptions?limit=10&sort=newest');
    expect(libraryPageUrl('name', 'abc/+=', 5)).toBe(
      '/api/transcriptions?limit=5&sort=name&before=abc%2F%2B%3D',
    );
  });
});

describe('isLibrarySort', () => {
  it('knows the four orders and nothing else', () => {
    expect(['newest', 'oldest', 'name', 'duration'].every(isLibrarySort)).toBe(true);
    expect(isLibrarySort('size')).toBe(false);
  });
});

describe('libraryItems', () => {
  it('joins the pages in order, each item once', () => {
    const pages = [
      { items: [item('a'), item('b')], nextCursor: 'b' },
      { items: [item('b'), item('c')], nextCursor: null },
    ];
    expect(libraryItems(pages).map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(libraryItems([])).toEqual([]);
  });
});

describe('sameItems', () => {
  it('compares the items and their order, not their progress', () => {
    expect(sameItems([item('a', 'processing'), item('b')], [item('a'), item('b')])).toBe(true);
    expect(sameItems([item('a'), item('b')], [item('b'), item('a')])).toBe(false);
    expect(sameItems([item('a')], [item('a'), item('b')])).toBe(false);
  });
});
