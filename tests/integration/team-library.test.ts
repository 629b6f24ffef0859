import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../../src/core/api/transcription-values.js';
import type {
  TranscriptionDto,
  TranscriptionListItemDto,
} from '../../src/core/api/transcriptions.js';
import type { SearchHitDto } from '../../src/core/api/search.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import { auditEvents, transcriptions } from '../../src/server/db/schema.js';
import { refusalOf, tusUpload } from './support/tus-client.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { readEventStream } from './support/event-stream.js';
import { listen, uploadFile } from './support/http.js';
import { addMember, insertTeam, putInTeam, removeMember } from './support/teams.js';
import { asUser, insertTranscript, SAMPLE_SEGMENTS, silentWav } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

const WHO = ['owner', 'admin', 'editor', 'viewer', 'outsider', 'formerUploader'] as const;
type Who = (typeof WHO)[number];
type Person = { cookie: string; userId: string; name: string };

/** What each role gets (docs/decisions/0087): members read, editors change, admins manage. */
const READ = {
  owner: 200,
  admin: 200,
  editor: 200,
  viewer: 200,
  outsider: 404,
  formerUploader: 404,
};
const EDIT = {
  owner: 200,
  admin: 200,
  editor: 200,
  viewer: 403,
  outsider: 404,
  formerUploader: 404,
};
const MANAGE = {
  owner: 200,
  admin: 200,
  editor: 403,
  viewer: 403,
  outsider: 404,
  formerUploader: 404,
};

describe.each(kinds)('the team library on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let people: Record<Who, Person>;
  let team: { id: string; name: string };

  const as = (who: Who) => asUser(people[who].cookie);
  const request = (
    who: Who,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.server.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

  /** A transcript the former uploader made in the team before they were removed from it. */
  async function teamTranscript(filename = 'Council interview.wav') {
    const { id } = await insertTranscript(app, people.formerUploader.userId, { filename });
    await putInTeam(app, id, team.id);
    return id;
  }

  async function rowOf(id: string) {
    const [row] = await app.database.db
      .select()
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    return row;
  }

  beforeAll(async () => {
    app = await createTestApp(kind);
    baseUrl = await listen(app);
    const names: Record<Who, string> = {
      owner: 'Olga Owner',
      admin: 'Ada Admin',
      editor: 'Ed Editor',
      viewer: 'Vic Viewer',
      outsider: 'Otto Outsider',
      formerUploader: 'Uma Uploader',
    };
    const entries = await Promise.all(
      WHO.map(
        async (who) =>
          [who, { ...(await signUp(app, { name: names[who] })), name: names[who] }] as const,
      ),
    );
    people = Object.fromEntries(entries) as unknown as Record<Who, Person>;
    team = await insertTeam(app, people.owner.userId);
    await addMember(app, team.id, people.admin.userId, 'admin');
    await addMember(app, team.id, people.editor.userId, 'editor');
    await addMember(app, team.id, people.viewer.userId, 'viewer');
  });
  afterAll(async () => {
    await app.close();
  });

  describe('role × action', () => {
    const readActions: Record<string, (who: Who, id: string) => Promise<number>> = {
      list: async (who, id) => {
        const response = await request(who, 'GET', `/api/transcriptions?team=${team.id}`);
        if (response.statusCode === 200) {
          const item = response.json<TranscriptionListItemDto[]>().find((row) => row.id === id);
          expect(item?.uploader).toEqual({
            id: people.formerUploader.userId,
            name: 'Uma Uploader',
          });
          expect(item?.access).toBe(who);
          expect(item?.teamId).toBe(team.id);
        }
        return response.statusCode;
      },
      read: async (who, id) => {
        const response = await request(who, 'GET', `/api/transcriptions/${id}`);
        if (response.statusCode === 200) {
          expect(response.json<TranscriptionDto>()).toMatchObject({ access: who, teamId: team.id });
        }
        return response.statusCode;
      },
      audio: async (who, id) =>
        (await request(who, 'GET', `/api/transcriptions/${id}/audio`)).statusCode,
      ...Object.fromEntries(
        EXPORT_FORMATS.map((format) => [
          `download ${format}`,
          async (who: Who, id: string) =>
            (await request(who, 'GET', `/api/download/${id}?format=${format}`)).statusCode,
        ]),
      ),
    };

    for (const [action, act] of Object.entries(readActions)) {
      it.each(WHO)(`${action} as %s`, async (who) => {
        const id = await teamTranscript();
        expect(await act(who, id)).toBe(READ[who]);
      });
    }

    const changes: Record<
      string,
      { expected: Record<Who, number>; ok?: number; act: (who: Who, id: string) => Promise<number> }
    > = {
      edit: {
        expected: EDIT,
        act: async (who, id) =>
          (
            await request(who, 'PATCH', `/api/transcriptions/${id}`, {
              segments: SAMPLE_SEGMENTS.map((line) => ({ ...line, text: `${line.text} Edited.` })),
            })
          ).statusCode,
      },
      rename: {
        expected: EDIT,
        act: async (who, id) =>
          (await request(who, 'PATCH', `/api/transcriptions/${id}`, { filename: 'Renamed' }))
            .statusCode,
      },
      speakers: {
        expected: EDIT,
        act: async (who, id) =>
          (
            await request(who, 'PATCH', `/api/transcriptions/${id}`, {
              speakers: { [SAMPLE_SEGMENTS[0]!.speaker]: 'Maria' },
            })
          ).statusCode,
      },
      retranscribe: {
        expected: EDIT,
        ok: 202,
        act: async (who, id) =>
          (await request(who, 'POST', `/api/transcriptions/${id}/retranscribe`, {})).statusCode,
      },
      share: {
        expected: EDIT,
        act: async (who, id) =>
          (await request(who, 'POST', `/api/transcriptions/${id}/share`)).statusCode,
      },
      delete: {
        expected: MANAGE,
        act: async (who, id) =>
          (await request(who, 'DELETE', `/api/transcriptions/${id}`)).statusCode,
      },
      move: {
        expected: MANAGE,
        act: async (who, id) =>
          (await request(who, 'POST', `/api/transcriptions/${id}/move`, { team: null })).statusCode,
      },
    };

    for (const [action, { expected, ok, act }] of Object.entries(changes)) {
      it.each(WHO)(`${action} as %s`, async (who) => {
        const id = await teamTranscript();
        const before = await rowOf(id);
        const want = expected[who] === 200 ? (ok ?? 200) : expected[who];
        expect(await act(who, id)).toBe(want);
        // A refusal changes nothing.
        if (want >= 400) expect(await rowOf(id)).toEqual(before);
      });
    }

    it('says why a member is refused', async () => {
      const id = await teamTranscript();
      const refused = await request('viewer', 'PATCH', `/api/transcriptions/${id}`, {
        filename: 'x',
      });
      expect(refused.json()).toMatchObject({
        message: 'As a viewer of this team you cannot do this.',
      });
      const hidden = await request('outsider', 'GET', `/api/transcriptions/${id}`);
      expect(hidden.json()).toMatchObject({ message: 'Transcription not found' });
    });
  });

  it('keeps the own library and the team library apart, in the list and in search', async () => {
    // A library of its own, so the rows the table made elsewhere do not fill the page.
    const features = await insertTeam(app, people.owner.userId, 'Features');
    await addMember(app, features.id, people.editor.userId, 'editor');
    await addMember(app, features.id, people.viewer.userId, 'viewer');
    const own = await insertTranscript(app, people.editor.userId, {
      filename: 'Private notes.wav',
    });
    const shared = await insertTranscript(app, people.editor.userId, {
      filename: 'Team budget.wav',
    });
    await putInTeam(app, shared.id, features.id);

    const mine = await request('editor', 'GET', '/api/transcriptions');
    const mineIds = mine.json<TranscriptionListItemDto[]>().map((row) => row.id);
    expect(mineIds).toContain(own.id);
    expect(mineIds).not.toContain(shared.id);
    expect(mine.json<TranscriptionListItemDto[]>()[0]).toMatchObject({
      access: 'uploader',
      teamId: null,
    });

    const teams = await request(
      'viewer',
      'GET',
      `/api/transcriptions?team=${features.id}&sort=name`,
    );
    const teamIds = teams.json<TranscriptionListItemDto[]>().map((row) => row.id);
    expect(teamIds).toContain(shared.id);
    expect(teamIds).not.toContain(own.id);

    const ownSearch = await request('editor', 'GET', '/api/search?q=budget');
    const ownHits = ownSearch.json<SearchHitDto[]>().map((hit) => hit.id);
    expect(ownHits).toContain(own.id);
    expect(ownHits).not.toContain(shared.id);
    const teamSearch = await request('viewer', 'GET', `/api/search?q=budget&team=${features.id}`);
    expect(teamSearch.json<SearchHitDto[]>().map((hit) => hit.id)).toContain(shared.id);
    expect(teamSearch.json<SearchHitDto[]>().map((hit) => hit.id)).not.toContain(own.id);
    expect(
      (await request('outsider', 'GET', `/api/search?q=budget&team=${features.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request('outsider', 'GET', `/api/transcriptions?team=${features.id}`)).json(),
    ).toMatchObject({
      message: 'Team not found',
    });
  });

  it('uploads into a team for its editors, counted against the uploader; viewers and outsiders are refused', async () => {
    const wav = path.join(app.workDir, 'team-upload.wav');
    await writeFile(wav, silentWav(3));
    const usage = async (who: Who) =>
      (await request(who, 'GET', '/api/usage')).json<UsageDto>().transcriptionsThisMonth;
    const before = await usage('editor');
    const ownerBefore = await usage('owner');

    const upload = await uploadFile(baseUrl, people.editor.cookie, wav, {
      filename: 'Press call.wav',
      extraFields: { team: team.id },
    });
    expect(upload.status).toBe(201);
    const created = (await upload.json()) as TranscriptionDto;
    expect(created).toMatchObject({ teamId: team.id, access: 'editor' });
    expect(created.uploader).toEqual({ id: people.editor.userId, name: 'Ed Editor' });
    expect(await usage('editor')).toBe(before + 1);
    expect(await usage('owner')).toBe(ownerBefore);
    const list = await request('owner', 'GET', `/api/transcriptions?team=${team.id}`);
    expect(list.json<TranscriptionListItemDto[]>().map((row) => row.id)).toContain(created.id);

    const viewer = await uploadFile(baseUrl, people.viewer.cookie, wav, {
      extraFields: { team: team.id },
    });
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toMatchObject({
      message: 'As a viewer of this team you cannot add transcriptions to its library.',
    });
    const outsider = await uploadFile(baseUrl, people.outsider.cookie, wav, {
      extraFields: { team: team.id },
    });
    expect(outsider.status).toBe(404);
    expect(await usage('viewer')).toBe(0);
    expect(await usage('outsider')).toBe(0);
  });

  it('takes the team from a resumable upload’s metadata: an editor’s lands in the team, a viewer’s is refused before any byte', async () => {
    const bytes = silentWav(3);
    const endpoint = `${baseUrl}/api/uploads`;
    const sent = await tusUpload(bytes, {
      endpoint,
      headers: { cookie: people.editor.cookie },
      metadata: { filename: 'Resumed call.wav', team: team.id },
    });
    const created = await request('editor', 'GET', `/api/transcriptions/${sent.transcriptionId}`);
    expect(created.json<TranscriptionDto>()).toMatchObject({
      filename: 'Resumed call.wav',
      teamId: team.id,
      access: 'editor',
    });
    const refused = await tusUpload(bytes, {
      endpoint,
      headers: { cookie: people.viewer.cookie },
      metadata: { filename: 'Not mine.wav', team: team.id },
      retries: 0,
    }).then(
      () => null,
      (error: unknown) => refusalOf(error),
    );
    expect(refused).toEqual({
      status: 403,
      message: 'As a viewer of this team you cannot add transcriptions to its library.',
    });
  });

  describe('moving', () => {
    const move = (who: Who, id: string, to: string | null) =>
      request(who, 'POST', `/api/transcriptions/${id}/move`, { team: to });

    it('lets the uploader move their own transcript in and out, and records it', async () => {
      const { id } = await insertTranscript(app, people.editor.userId, { filename: 'Mine.wav' });
      const moved = await move('editor', id, team.id);
      expect(moved.statusCode).toBe(200);
      expect(moved.json<TranscriptionDto>()).toMatchObject({ teamId: team.id, access: 'editor' });
      expect((await request('viewer', 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(200);
      const [event] = await app.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.transcriptionId, id), eq(auditEvents.action, 'transcription.move')),
        );
      expect(event).toMatchObject({
        actorId: people.editor.userId,
        teamId: team.id,
        detail: { from: null, to: team.id },
      });

      const back = await move('editor', id, null);
      expect(back.json<TranscriptionDto>()).toMatchObject({ teamId: null, access: 'uploader' });
      expect((await request('viewer', 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(404);
    });

    it('refuses what the rules do not allow, changing nothing', async () => {
      const { id: viewersOwn } = await insertTranscript(app, people.viewer.userId);
      expect((await move('viewer', viewersOwn, team.id)).statusCode).toBe(403);
      const { id: outsidersOwn } = await insertTranscript(app, people.outsider.userId);
      const outsider = await move('outsider', outsidersOwn, team.id);
      expect(outsider.statusCode).toBe(404);
      expect(outsider.json()).toMatchObject({ message: 'Team not found' });
      // Someone else's own transcript is not there for anyone else.
      expect((await move('owner', outsidersOwn, team.id)).statusCode).toBe(404);
      // Only its uploader moves a transcript into a team.
      const other = await insertTeam(app, people.admin.userId, 'Desk');
      const inTeam = await teamTranscript();
      const refused = await move('admin', inTeam, other.id);
      expect(refused.statusCode).toBe(403);
      expect((await rowOf(inTeam))?.teamId).toBe(team.id);
      expect((await rowOf(viewersOwn))?.teamId).toBeNull();
    });

    it('lets an admin give a transcript back to its uploader, out of their own reach', async () => {
      const id = await teamTranscript('Given back.wav');
      const back = await move('admin', id, null);
      expect(back.statusCode).toBe(200);
      expect((await rowOf(id))?.teamId).toBeNull();
      expect((await request('admin', 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(404);
      expect((await request('formerUploader', 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(
        200,
      );
    });

    it('moves between teams only with the right to add in both', async () => {
      const desk = await insertTeam(app, people.owner.userId, 'Night desk');
      await addMember(app, desk.id, people.editor.userId, 'viewer');
      const { id } = await insertTranscript(app, people.editor.userId);
      await putInTeam(app, id, team.id);
      expect((await move('editor', id, desk.id)).statusCode).toBe(403);
      expect((await rowOf(id))?.teamId).toBe(team.id);
      const sports = await insertTeam(app, people.owner.userId, 'Sports');
      await addMember(app, sports.id, people.editor.userId, 'editor');
      const moved = await move('editor', id, sports.id);
      expect(moved.statusCode).toBe(200);
      expect(moved.json<TranscriptionDto>().teamId).toBe(sports.id);
    });
  });

  it('ends the open event streams of a removed member at once, and refuses them after', async () => {
    const member = await signUp(app, { name: 'Leaving Member' });
    await addMember(app, team.id, member.userId, 'editor');
    const { id } = await insertTranscript(app, people.owner.userId, { status: 'processing' });
    await putInTeam(app, id, team.id);
    const headers = { cookie: member.cookie };

    let opened = 0;
    const onOpen = () => {
      opened += 1;
      return false;
    };
    const transcriptionStream = readEventStream(
      `${baseUrl}/api/transcriptions/${id}/events`,
      headers,
      onOpen,
    );
    const libraryStream = readEventStream(
      `${baseUrl}/api/transcriptions/events?team=${team.id}`,
      headers,
      onOpen,
    );
    // Both are open once each has sent what it had (the running transcript).
    await expect.poll(() => opened, { timeout: 5000 }).toBeGreaterThanOrEqual(2);

    const removedAt = Date.now();
    await removeMember(app, team.id, member.userId);
    const ended = await Promise.race([
      Promise.all([transcriptionStream, libraryStream]).then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000)),
    ]);
    expect(ended).toBe(true);
    expect(Date.now() - removedAt).toBeLessThan(5000);

    const after = await app.server.inject({
      url: `/api/transcriptions/${id}`,
      headers: asUser(member.cookie),
    });
    expect(after.statusCode).toBe(404);
    const stream = await readEventStream(`${baseUrl}/api/transcriptions/${id}/events`, headers);
    expect(stream.status).toBe(404);
  });

  it('lets an API key act as its user, with the user’s role', async () => {
    const keyOf = async (who: Who) => {
      const response = await request(who, 'POST', '/api/keys', { name: 'script' });
      expect(response.statusCode).toBe(201);
      return { authorization: `Bearer ${response.json<{ key: string }>().key}` };
    };
    const id = await teamTranscript('Keyed.wav');
    const viewerKey = await keyOf('viewer');
    const list = await app.server.inject({
      url: `/api/transcriptions?team=${team.id}`,
      headers: viewerKey,
    });
    expect(list.statusCode).toBe(200);
    const download = await app.server.inject({
      url: `/api/download/${id}?format=txt`,
      headers: viewerKey,
    });
    expect(download.statusCode).toBe(200);
    const remove = await app.server.inject({
      method: 'DELETE',
      url: `/api/transcriptions/${id}`,
      headers: viewerKey,
    });
    expect(remove.statusCode).toBe(403);
    const outsiderKey = await keyOf('outsider');
    const hidden = await app.server.inject({
      url: `/api/download/${id}?format=txt`,
      headers: outsiderKey,
    });
    expect(hidden.statusCode).toBe(404);
    const adminKey = await keyOf('admin');
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: `/api/transcriptions/${id}`,
      headers: { ...adminKey, ...SAME_ORIGIN },
    });
    expect(deleted.statusCode).toBe(200);
  });
});
