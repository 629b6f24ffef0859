import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptVersionListDto } from '../../src/core/api/transcript-versions.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { getJson, listen, uploadFile, waitForTranscription } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const COUNTING = 'one two three four five six seven eight nine ten';

let fixtures: { path: string; remove: () => Promise<void> };
let clip: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-versions-');
  clip = await makeSpeechClip(fixtures.path, 'counting', [{ silence: 0.3 }, { say: COUNTING }]);
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('transcript versions on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '1' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function send(cookie: string, method: string, url: string, body?: object) {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...SAME_ORIGIN,
        cookie,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }
  const versionsOf = async (cookie: string, id: string) =>
    (await getJson<TranscriptVersionListDto>(baseUrl, cookie, `/api/transcriptions/${id}/versions`))
      .body.versions;

  it('keeps the machine transcript, an edit, a speaker rename and a retranscription, and restores any of them', async () => {
    const user = await signUp(app, { name: 'Ada Editor' });
    const uploaded = await uploadFile(baseUrl, user.cookie, clip.path, { filename: 'count.wav' });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as TranscriptionDto;
    const machine = await waitForTranscription<TranscriptionDto>(baseUrl, user.cookie, id);
    expect(machine.status).toBe('completed');

    // Never changed: one version, the engine's, read from the transcript itself.
    expect(await versionsOf(user.cookie, id)).toMatchObject([
      { number: 1, kind: 'transcribed', author: null, current: true, engine: machine.engine },
    ]);

    // A person's correction.
    const corrected = machine.segments.map((segment, index) =>
      index === 0
        ? { start: segment.start, end: segment.end, text: 'Zanzibar counted aloud' }
        : { start: segment.start, end: segment.end, text: segment.text },
    );
    const edit = await send(user.cookie, 'PATCH', `/api/transcriptions/${id}`, {
      version: 1,
      segments: corrected,
    });
    expect(edit.status).toBe(200);
    // A speaker renamed.
    const rename = await send(user.cookie, 'PATCH', `/api/transcriptions/${id}`, {
      speakers: { [machine.segments[0]!.speaker]: 'Narrator' },
    });
    expect(rename.status).toBe(200);
    const named = rename.body as TranscriptionDto;
    expect(named.version).toBe(3);

    // Transcribed again: the corrections are replaced, and kept as a version.
    const again = await send(user.cookie, 'POST', `/api/transcriptions/${id}/retranscribe`);
    expect(again.status).toBe(202);
    const rerun = await waitForTranscription<TranscriptionDto>(baseUrl, user.cookie, id);
    expect(rerun.status).toBe('completed');
    expect(rerun.text).not.toContain('Zanzibar');

    const versions = await versionsOf(user.cookie, id);
    expect(versions.map((version) => [version.number, version.kind, version.current])).toEqual([
      [4, 'retranscribed', true],
      [3, 'speakers', false],
      [2, 'edited', false],
      [1, 'transcribed', false],
    ]);
    const author = { id: user.userId, name: 'Ada Editor' };
    expect(versions[1]!.author).toEqual(author);
    expect(versions[2]!.author).toEqual(author);
    expect(versions[3]!.author).toBeNull();
    for (const version of versions) expect(Number.isNaN(Date.parse(version.createdAt))).toBe(false);

    // Restoring the renamed, corrected version: a new version, and what everything reads.
    const restored = await send(
      user.cookie,
      'POST',
      `/api/transcriptions/${id}/versions/3/restore`,
    );
    expect(restored.status).toBe(200);
    const now = restored.body as TranscriptionDto;
    expect(now.version).toBe(5);
    expect(now.text).toBe(named.text);
    expect(now.segments.map((segment) => segment.speaker)).toEqual(
      named.segments.map((segment) => segment.speaker),
    );
    expect((await versionsOf(user.cookie, id))[0]).toMatchObject({
      number: 5,
      kind: 'restored',
      restoredFrom: 3,
      author,
      current: true,
    });
    const download = await fetch(`${baseUrl}/api/download/${id}`, {
      headers: { cookie: user.cookie },
    });
    expect(await download.text()).toContain('Zanzibar counted aloud');
    const search = await getJson<Array<{ id: string }>>(
      baseUrl,
      user.cookie,
      '/api/search?q=zanzibar',
    );
    expect(search.body.map((hit) => hit.id)).toEqual([id]);

    // The engine's run can be brought back too, and an unknown version is a 404.
    const machineBack = await send(
      user.cookie,
      'POST',
      `/api/transcriptions/${id}/versions/4/restore`,
    );
    expect((machineBack.body as TranscriptionDto).text).toBe(rerun.text);
    const unknown = await send(
      user.cookie,
      'POST',
      `/api/transcriptions/${id}/versions/99/restore`,
    );
    expect(unknown.status).toBe(404);
  });

  it("another user's transcript: 404 on both routes, and nothing changes", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const uploaded = await uploadFile(baseUrl, owner.cookie, clip.path, { filename: 'mine.wav' });
    const { id } = (await uploaded.json()) as TranscriptionDto;
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, owner.cookie, id);

    const list = await getJson<{ message: string }>(
      baseUrl,
      other.cookie,
      `/api/transcriptions/${id}/versions`,
    );
    expect(list.status).toBe(404);
    const restore = await send(
      other.cookie,
      'POST',
      `/api/transcriptions/${id}/versions/1/restore`,
    );
    expect(restore.status).toBe(404);
    const after = await getJson<TranscriptionDto>(
      baseUrl,
      owner.cookie,
      `/api/transcriptions/${id}`,
    );
    expect(after.body).toMatchObject({ version: done.version, text: done.text });
    expect(await versionsOf(owner.cookie, id)).toHaveLength(1);
  });
});
