import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listQuerySchema, retranscribeBody, transcriptionPatchBody } from './transcriptions.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

describe('transcriptionPatchBody', () => {
  it('takes no body as an edit of nothing, for parsePatch to refuse in its words', () => {
    expect(transcriptionPatchBody.parse(null)).toEqual({});
    expect(transcriptionPatchBody.parse(undefined)).toEqual({});
  });

  it('says where an edit is wrong and what zod says about it, after "Invalid edit."', () => {
    const cases: Array<[unknown, string]> = [
      ['rename', 'Invalid edit. Invalid input: expected object, received string'],
      [{ filename: 5 }, 'Invalid edit. filename: Invalid input: expected string, received number'],
      [
        { segments: [{ start: 0, end: 1, text: 'a', confidence: 1 }] },
        'Invalid edit. segments.0: Unrecognized key: "confidence"',
      ],
      [{ version: 1.5 }, 'Invalid edit. version: Invalid input: expected int, received number'],
      [{ owner: 'me' }, 'Invalid edit. Unrecognized key: "owner"'],
    ];
    for (const [input, message] of cases) {
      expect(firstMessage(transcriptionPatchBody, input), JSON.stringify(input)).toBe(message);
    }
  });
});

describe('listQuerySchema', () => {
  it('reads numbers from the query string as before, and defaults what is left out', () => {
    expect(listQuerySchema.parse({})).toEqual({ limit: 50, sort: 'newest' });
    expect(listQuerySchema.parse({ limit: '5e0', sort: 'name' })).toEqual({
      limit: 5,
      sort: 'name',
    });
    for (const limit of ['ten', '', '1.5', '0', '101', ['1', '2']]) {
      expect(firstMessage(listQuerySchema, { limit }), String(limit)).toBe(
        'limit must be a whole number from 1 to 100.',
      );
    }
  });
});

describe('retranscribeBody', () => {
  it('takes no body or { wholeFile }, and refuses anything else in one sentence', () => {
    expect(retranscribeBody.parse(null)).toBeNull();
    expect(retranscribeBody.parse({ wholeFile: true })).toEqual({ wholeFile: true });
    for (const input of [[], { wholeFile: 'yes' }, { wholeFile: true, extra: 1 }]) {
      expect(firstMessage(retranscribeBody, input)).toBe('Send no body, or { "wholeFile": true }.');
    }
  });
});
