import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHitDto } from '../../src/core/api/search.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('search in every script on %s', (kind) => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await createTestApp(kind);
    user = await signUp(app);
    const add = async (name: string, filename: string, texts: string[]) => {
      const segments = texts.map((text, index) => ({
        start: index * 5,
        end: index * 5 + 5,
        text,
        speaker: 'Speaker 1',
      }));
      ids[name] = (
        await insertTranscript(app, user.userId, { filename, segments, withoutAudio: true })
      ).id;
    };
    await add('japanese', 'Interview Tokyo.wav', [
      'こんにちは。',
      '私は東京都に住んでいます。毎日電車で通勤します。',
    ]);
    await add('chinese', 'Beijing.wav', ['大家好。', '我住在北京，我喜欢喝茶。']);
    await add('korean', 'Seoul.wav', ['안녕하세요.', '서울에서 만나요.']);
    await add('french', 'Réunion à l’école.wav', ['Bonjour.', 'Le café est fermé le dimanche.']);
    await add('greek', 'Athens.wav', ['Καλημέρα σας, φίλοι μου.']);
  });
  afterAll(async () => {
    await app.close();
  });

  async function hits(q: string) {
    const response = await app.server.inject({
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: asUser(user.cookie),
    });
    expect(response.statusCode, q).toBe(200);
    return response.json<SearchHitDto[]>();
  }

  it('finds a Japanese word inside a sentence written without spaces, and marks it', async () => {
    const found = await hits('東京');
    expect(found.map((hit) => hit.id)).toEqual([ids.japanese]);
    expect(found[0]?.start).toBe(5);
    expect(found[0]?.snippet).toContain('私は<mark>東京</mark>都に住んでいます');
  });

  it('finds any part of a run: one character, kana and kanji together, the middle of a word', async () => {
    for (const q of ['都', '住んで', '京都に', '電車で通勤']) {
      expect(
        (await hits(q)).map((hit) => hit.id),
        q,
      ).toEqual([ids.japanese]);
    }
    // 京 is in 東京 and in 北京; 茶 ends its run, so no pair starts with it.
    expect((await hits('京')).map((hit) => hit.id).sort()).toEqual(
      [ids.japanese, ids.chinese].sort(),
    );
    expect((await hits('茶')).map((hit) => hit.id)).toEqual([ids.chinese]);
    expect((await hits('住んで'))[0]?.snippet).toContain('<mark>住んで</mark>');
  });

  it('finds Chinese and Korean by substring', async () => {
    expect((await hits('北京')).map((hit) => hit.id)).toEqual([ids.chinese]);
    expect((await hits('喝茶')).map((hit) => hit.id)).toEqual([ids.chinese]);
    expect((await hits('서울')).map((hit) => hit.id)).toEqual([ids.korean]);
    expect((await hits('서울')).at(0)?.snippet).toContain('<mark>서울</mark>에서');
  });

  it('does not find characters that are there only in another order or apart', async () => {
    expect(await hits('京東')).toEqual([]);
    expect(await hits('東都')).toEqual([]);
    expect(await hits('北茶')).toEqual([]);
  });

  it('ignores accents both ways, in the text and in file names', async () => {
    for (const q of ['cafe', 'café', 'CAFÉ', 'ferme', 'fermé le']) {
      const found = await hits(q);
      expect(
        found.map((hit) => hit.id),
        q,
      ).toEqual([ids.french]);
      expect(found[0]?.start, q).toBe(5);
    }
    expect((await hits('cafe'))[0]?.snippet).toBe('Le <mark>café</mark> est fermé le dimanche.');
    const byName = await hits('reunion ecole');
    expect(byName.map((hit) => hit.id)).toEqual([ids.french]);
    expect(byName[0]?.snippet).toBe('<mark>Réunion</mark> à l’<mark>école</mark>.wav');
  });

  it('ignores Greek accents and case', async () => {
    const found = await hits('καλημερα');
    expect(found.map((hit) => hit.id)).toEqual([ids.greek]);
    expect(found[0]?.snippet).toContain('<mark>Καλημέρα</mark>');
  });
});
