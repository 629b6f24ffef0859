import { describe, expect, it } from 'vitest';
import type { SearchHitDto } from '../../../core/api/search';
import { speakerFilterOptions } from './search-speakers';

const hit = (speakers: string[]): SearchHitDto => ({
  id: speakers.join(),
  filename: 'a.wav',
  createdAt: '2026-01-01T00:00:00.000Z',
  snippet: '',
  start: null,
  speakers,
  isEdited: false,
});

describe('speakerFilterOptions', () => {
  it('lists each named speaker of the hits once, in order, whatever the case', () => {
    expect(
      speakerFilterOptions([hit(['Maria', 'Jonas']), hit(['MARIA', 'Aisha']), hit([])], null),
    ).toEqual(['Maria', 'Jonas', 'Aisha']);
  });

  it('keeps the chosen speaker first, even when no hit holds it', () => {
    expect(speakerFilterOptions([hit(['Jonas'])], 'Maria')).toEqual(['Maria', 'Jonas']);
    expect(speakerFilterOptions(undefined, 'Maria')).toEqual(['Maria']);
    expect(speakerFilterOptions(undefined, null)).toEqual([]);
  });
});
