import { describe, expect, it } from 'vitest';
import { splitVocabularyField, vocabularyBody, vocabularyFieldSchema } from './vocabulary.js';

describe('vocabulary schemas', () => {
  it('split a form field at newlines and commas, skipping blanks', () => {
    expect(splitVocabularyField('Kenobi, Obi-Wan\r\nPostgreSQL,,\n  \n')).toEqual([
      'Kenobi',
      'Obi-Wan',
      'PostgreSQL',
    ]);
    expect(vocabularyFieldSchema.parse(undefined)).toBeUndefined();
    expect(vocabularyFieldSchema.parse('a, A, b')).toEqual(['a', 'b']);
  });

  it('refuse an empty term, a long one and too many', () => {
    const message = (input: unknown) => vocabularyBody.safeParse(input).error?.issues[0]?.message;
    expect(message({ terms: [''] })).toBe('A vocabulary term cannot be empty.');
    expect(message({ terms: ['x'.repeat(101)] })).toMatch(/^A vocabulary term can be at most 100/);
    expect(message({ terms: Array.from({ length: 501 }, String) })).toBe(
      'A vocabulary holds at most 500 terms.',
    );
    expect(vocabularyBody.parse({ terms: ['x'.repeat(100)] }).terms).toHaveLength(1);
    const tooMany = Array.from({ length: 501 }, (_, index) => `t${index}`).join(',');
    expect(vocabularyFieldSchema.safeParse(tooMany).success).toBe(false);
  });
});
