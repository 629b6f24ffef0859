import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHitDto } from '../../src/core/api/search.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('search on %s', (kind) => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await createTestApp(kind);
    user = await signUp(app);
    const add = async (name: string, filename: string, texts: string[], createdAt?: Date) => {
      const segments = texts.map((text, index) => ({
        start: index * 5,
        end: index * 5 + 5,
        text,
        speaker: 'Speaker 1',
      }));
      ids[name] = (
        await insertTranscript(app, user.userId, {
          filename,
          segments,
          createdAt,
          withoutAudio: true,
        })
      ).id;
    };
    await add('budget', 'Budget meeting.wav', [
      'Welcome everyone.',
      'Maria Kowalski presents the forecast.',
      'The forecast shows growth, and Maria thanks the team.',
    ]);
    await add('once', 'Standup.wav', [
      'Short update today.',
      'Nothing about forecasts here.',
      'Maria is away.',
    ]);
    await add('kowalski', 'Kowalski interview.mp3', ['We talked about gardening.']);
    await add('script', 'Security review.wav', [
      'Nothing to see.',
      'Someone typed <script>alert("x")</script> & "quotes" into the forecast notes.',
    ]);
    const stranger = await signUp(app);
    await insertTranscript(app, stranger.userId, {
      filename: 'Forecast of another user.wav',
      segments: [
        { start: 0, end: 3, text: 'Maria Kowalski forecast secret.', speaker: 'Speaker 1' },
      ],
      withoutAudio: true,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  async function search(q: string) {
    const response = await app.server.inject({
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: asUser(user.cookie),
    });
    return response;
  }

  async function hits(q: string) {
    const response = await search(q);
    expect(response.statusCode, q).toBe(200);
    return response.json<SearchHitDto[]>();
  }

  it('finds words in the text, best match first, with the time of the matching segment', async () => {
    const found = await hits('forecast');
    expect(found.map((hit) => hit.id)).not.toContain(undefined);
    // "forecast" twice in the budget meeting, once in the security review; "forecasts" is a prefix hit.
    expect(found[0]?.id).toBe(ids.budget);
    expect(new Set(found.map((hit) => hit.id))).toEqual(
      new Set([ids.budget, ids.script, ids.once]),
    );
    const budget = found[0];
    expect(budget).toMatchObject({ filename: 'Budget meeting.wav', start: 5 });
    expect(budget?.snippet).toBe('Maria Kowalski presents the <mark>forecast</mark>.');
    expect(Date.parse(budget?.createdAt ?? '')).not.toBeNaN();
  });

  it('needs every word, and prefers the segment holding them all', async () => {
    const found = await hits('maria thanks');
    expect(found.map((hit) => hit.id)).toEqual([ids.budget]);
    expect(found[0]?.start).toBe(10);
    expect(found[0]?.snippet).toContain('<mark>Maria</mark> <mark>thanks</mark>');
  });

  it('matches the last word as a prefix while the user types', async () => {
    for (const typed of ['kow', 'kowal', 'maria kowa']) {
      const found = await hits(typed);
      expect(found.map((hit) => hit.id).sort(), typed).toEqual(
        typed.startsWith('maria') ? [ids.budget] : [ids.budget, ids.kowalski].sort(),
      );
    }
    const [first] = await hits('Kowa');
    expect(first?.snippet).toContain('<mark>Kowalski</mark>');
  });

  it('ranks a file name match first and points it at no time when only the name matches', async () => {
    const found = await hits('kowalski');
    expect(found[0]?.id).toBe(ids.kowalski);
    expect(found[0]?.start).toBeNull();
    expect(found[0]?.snippet).toBe('<mark>Kowalski</mark> interview.mp3');
  });

  it('escapes the transcript in snippets and marks only the matches', async () => {
    const [hit] = await hits('script alert');
    expect(hit?.id).toBe(ids.script);
    expect(hit?.start).toBe(5);
    expect(hit?.snippet).not.toContain('<script');
    expect(hit?.snippet).toBe(
      'Someone typed &lt;<mark>script</mark>&gt;<mark>alert</mark>(&quot;x&quot;)&lt;/<mark>script</mark>&gt; &amp; &quot;quotes&quot; into the forecast notes.',
    );
  });

  it("never shows another user's transcripts", async () => {
    const found = await hits('secret');
    expect(found).toEqual([]);
    const all = await hits('forecast');
    expect(all.map((hit) => hit.filename)).not.toContain('Forecast of another user.wav');
  });

  it('answers hostile queries with 200 or a 400 message, never 500', async () => {
    const hostile = [
      '',
      '   ',
      '!!! ??? ...',
      "' OR 1=1 --",
      'forecast & | ! <-> :* ( )',
      '"maria',
      'maria\\',
      'a\u0000b forecast',
      "forecast:* & !maria | 'x'",
      '\u202e\u200b',
      '😀 forecast',
      'x'.repeat(10_000),
    ];
    for (const q of hostile) {
      const response = await search(q);
      expect([200, 400], JSON.stringify(q.slice(0, 40))).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json<{ message: string }>().message).toMatch(/too long|NUL character/);
      }
    }
    expect(await hits('')).toEqual([]);
    expect(await hits('!!! ???')).toEqual([]);
    expect((await hits('forecast & | ! <-> :* ( )')).length).toBeGreaterThan(0);
    const list = await app.server.inject({
      url: '/api/search?q=a&q=b',
      headers: asUser(user.cookie),
    });
    expect(list.statusCode).toBe(400);
    const anonymous = await app.server.inject({ url: '/api/search?q=maria' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('finds edited words and renamed files at once', async () => {
    const patch = await app.server.inject({
      method: 'PATCH',
      url: `/api/transcriptions/${ids.once}`,
      headers: asUser(user.cookie),
      payload: {
        filename: 'Zanzibar standup.wav',
        segments: [{ start: 0, end: 2, text: 'Xylophone solo.', speaker: 'Speaker 1' }],
      },
    });
    expect(patch.statusCode).toBe(200);
    expect((await hits('xylophone')).map((hit) => hit.id)).toEqual([ids.once]);
    expect((await hits('zanzibar')).map((hit) => hit.id)).toEqual([ids.once]);
    expect((await hits('forecasts')).map((hit) => hit.id)).not.toContain(ids.once);
  });

  it('indexes a transcript of many hours and countless distinct words, and finds its words', async () => {
    // 30,000 distinct made-up words with their prefixes pass what one tsvector may hold (1 MiB):
    // the index gives way (ranking, long prefixes) instead of failing every search.
    const word = (index: number) =>
      Array.from({ length: 8 }, (_, at) =>
        String.fromCharCode(97 + ((index * 7 + at * 13 + Math.floor(index / 26 ** (at % 3))) % 26)),
      ).join('') + index.toString(36);
    const words = Array.from({ length: 30_000 }, (_, index) => word(index));
    const lines = Array.from({ length: 300 }, (_, line) => ({
      start: line * 10,
      end: line * 10 + 10,
      text: words.slice(line * 100, line * 100 + 100).join(' '),
      speaker: 'Speaker 1',
    }));
    const { id } = await insertTranscript(app, user.userId, {
      filename: 'Ten hours of made-up words.wav',
      segments: lines,
      durationInSeconds: 3_000,
      withoutAudio: true,
    });
    const found = await hits(words[23_456]!);
    expect(found.map((hit) => hit.id)).toEqual([id]);
    expect(found[0]?.start).toBe(2_340);
    expect((await hits('forecast')).length).toBeGreaterThan(0);
  });
});
