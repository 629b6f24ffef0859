import { describe, expect, it } from 'vitest';
import { rangeBetween } from './use-library-selection';

const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
  id,
  filename: `${id}.mp3`,
  isEdited: false,
}));

describe('rangeBetween', () => {
  it('takes every item between the two, both included, whichever comes first', () => {
    expect(rangeBetween(items, 'b', 'd').map((item) => item.id)).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(items, 'e', 'c').map((item) => item.id)).toEqual(['c', 'd', 'e']);
  });

  it('takes only the clicked item when the first is no longer listed', () => {
    expect(rangeBetween(items, 'gone', 'c').map((item) => item.id)).toEqual(['c']);
  });
});
