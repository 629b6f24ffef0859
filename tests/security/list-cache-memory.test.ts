import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionListItemDto } from '../../src/core/api/transcriptions.js';
import { transcriptions } from '../../src/server/db/schema.js';
import { EXCERPT_CHARACTERS } from '../../src/server/transcriptions/transcript-excerpt.js';
import { signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { asUser, insertTranscript } from '../integration/support/transcripts.js';

const kinds = await databaseKinds();

/** About a megabyte of words, as a user's edits can make a transcript. */
function megabyteOfWords(first: string, last: string): string {
  const middle = Array.from({ length: 200_000 }, (_, index) => `w${index % 997}`).join(' ');
  return `${first} ${middle} ${last}`;
}

/** The repro: 16 sort and page-size variants of the list, a page of 100 at most. */
const VARIANTS = ['newest', 'oldest', 'name', 'duration'].flatMap((sort) =>
  [97, 98, 99, 100].map((limit) => `/api/transcriptions?sort=${sort}&limit=${limit}`),
);

describe.each(kinds)('the library list of long transcripts on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers excerpts, not whole texts: a page stays small however long the transcripts', async () => {
    const user = await signUp(app);
    const text = megabyteOfWords('Opening', 'Closing');
    expect(text.length).toBeGreaterThan(500_000);
    for (let index = 0; index < 3; index += 1) {
      const { id } = await insertTranscript(app, user.userId, { withoutAudio: true });
      await app.database.db.update(transcriptions).set({ text }).where(eq(transcriptions.id, id));
    }
    const { id: runningId } = await insertTranscript(app, user.userId, {
      withoutAudio: true,
      status: 'processing',
    });
    await app.database.db
      .update(transcriptions)
      .set({ text })
      .where(eq(transcriptions.id, runningId));

    for (const url of VARIANTS) {
      const response = await app.server.inject({ url, headers: asUser(user.cookie) });
      expect(response.statusCode).toBe(200);
      // Four items: their fields and excerpts, a few kilobytes, not megabytes.
      expect(response.body.length).toBeLessThan(4 * 2_000);
      const items = response.json<TranscriptionListItemDto[]>();
      expect(items).toHaveLength(4);
      for (const item of items) {
        expect(item).not.toHaveProperty('text');
        expect(item.excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARACTERS);
        if (item.id === runningId) {
          // While it runs, the newest words.
          expect(item.excerpt).toMatch(/^….* Closing$/);
        } else {
          expect(item.excerpt).toMatch(/^Opening .*…$/);
        }
      }
    }
  });
});
