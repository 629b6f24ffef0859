import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHitDto } from '../../src/core/api/search.js';
import type { TranscriptSegmentDto } from '../../src/core/api/transcriptions.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

const line = (start: number, text: string, speaker: string): TranscriptSegmentDto => ({
  start,
  end: start + 5,
  text,
  speaker,
});

describe.each(kinds)('search by speaker on %s', (kind) => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await createTestApp(kind);
    user = await signUp(app);
    const add = async (name: string, filename: string, segments: TranscriptSegmentDto[]) => {
      ids[name] = (
        await insertTranscript(app, user.userId, { filename, segments, withoutAudio: true })
      ).id;
    };
    // Maria Kowalski speaks here, and nobody says her name.
    await add('interview', 'Interview.wav', [
      line(0, 'Shall we talk about the budget?', 'Jonas Berg'),
      line(5, 'Gladly.', 'Maria Kowalski'),
      line(10, 'The budget grows by twelve percent.', 'Maria Kowalski'),
      line(15, 'Thank you.', 'Jonas Berg'),
    ]);
    // Maria is only talked about.
    await add('mention', 'Standup.wav', [
      line(0, 'Maria sends the budget tomorrow.', 'Speaker 1'),
      line(5, 'Fine.', 'Speaker 2'),
    ]);
    // Nobody is named: the labels are not names.
    await add('labels', 'Call.wav', [
      line(0, 'The budget call begins.', 'Speaker 1'),
      line(5, 'Yes, the budget.', 'Speaker 2'),
    ]);
    const stranger = await signUp(app);
    await insertTranscript(app, stranger.userId, {
      filename: 'Secret.wav',
      segments: [line(0, 'Another budget.', 'Maria Kowalski'), line(5, 'Hi.', 'Jonas Berg')],
      withoutAudio: true,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const search = (query: string) =>
    app.server.inject({ url: `/api/search?${query}`, headers: asUser(user.cookie) });

  async function hits(query: string) {
    const response = await search(query);
    expect(response.statusCode, query).toBe(200);
    return response.json<SearchHitDto[]>();
  }

  it('finds the transcripts where a speaker is named Maria, her line marked', async () => {
    const found = await hits('q=maria');
    expect(found.map((hit) => hit.id).sort()).toEqual([ids.interview, ids.mention].sort());
    const interview = found.find((hit) => hit.id === ids.interview);
    expect(interview).toMatchObject({
      start: 5,
      snippet: '<mark>Maria</mark> Kowalski: Gladly.',
      speakers: ['Jonas Berg', 'Maria Kowalski'],
    });
    expect(found.find((hit) => hit.id === ids.mention)?.speakers).toEqual([]);
    expect((await hits('q=kowal')).map((hit) => hit.id)).toEqual([ids.interview]);
    expect((await hits('q=jonas%20thank')).map((hit) => hit.id)).toEqual([ids.interview]);
  });

  it('does not find the labels detection gives', async () => {
    expect(await hits('q=speaker')).toEqual([]);
  });

  it('narrows a search to one speaker, by exact name in any case, at their line', async () => {
    const all = await hits('q=budget');
    expect(all.map((hit) => hit.id).sort()).toEqual(
      [ids.interview, ids.mention, ids.labels].sort(),
    );
    const maria = await hits(`q=budget&speaker=${encodeURIComponent('maria KOWALSKI')}`);
    expect(maria).toEqual([
      expect.objectContaining({
        id: ids.interview,
        start: 10,
        snippet: 'Maria Kowalski: The <mark>budget</mark> grows by twelve percent.',
      }),
    ]);
    // Without a filter the hit points at the first line holding the word: Jonas's question.
    expect(all.find((hit) => hit.id === ids.interview)?.start).toBe(0);
    expect(await hits('q=budget&speaker=Maria')).toEqual([]);
    expect((await hits('q=budget&speaker=speaker%202')).map((hit) => hit.id).sort()).toEqual(
      [ids.mention, ids.labels].sort(),
    );
    expect(await hits('speaker=Maria%20Kowalski')).toEqual([]);
  });

  it('narrows to a name with accents and punctuation, typed in capitals', async () => {
    const { id } = await insertTranscript(app, user.userId, {
      filename: 'Dublin.wav',
      segments: [
        line(0, 'A budget for Dublin.', "Seán O'Brien-Smith"),
        line(5, 'Yes.', 'Jonas Berg'),
      ],
      withoutAudio: true,
    });
    const query = `q=budget&speaker=${encodeURIComponent("SEÁN O'BRIEN-SMITH")}`;
    expect((await hits(query)).map((hit) => hit.id)).toEqual([id]);
    expect((await hits('q=se%C3%A1n')).map((hit) => hit.id)).toEqual([id]);
  });

  it('finds a speaker by a name given later, and no longer by the old one', async () => {
    const patch = await app.server.inject({
      method: 'PATCH',
      url: `/api/transcriptions/${ids.labels}`,
      headers: asUser(user.cookie),
      payload: {
        segments: [
          line(0, 'The budget call begins.', 'Zofia Nowak'),
          line(5, 'Yes, the budget.', 'Speaker 2'),
        ],
      },
    });
    expect(patch.statusCode).toBe(200);
    expect((await hits('q=zofia')).map((hit) => hit.id)).toEqual([ids.labels]);
    expect((await hits('q=budget&speaker=zofia%20nowak')).map((hit) => hit.id)).toEqual([
      ids.labels,
    ]);
    expect((await hits('q=budget&speaker=Speaker%201')).map((hit) => hit.id)).toEqual([
      ids.mention,
    ]);
  });

  it('refuses a speaker filter that cannot be a name, with a message', async () => {
    for (const query of [
      'q=budget&speaker=',
      'q=budget&speaker=%20%20',
      `q=a&speaker=${'x'.repeat(61)}`,
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(
        'The speaker is a name of 1 to 60 characters.',
      );
    }
    const twice = await search('q=budget&speaker=a&speaker=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toContain('Send one speaker parameter.');
  });
});
