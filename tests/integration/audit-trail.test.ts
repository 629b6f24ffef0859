import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventDto, AuditPageDto } from '../../src/core/api/audit.js';
import type { TeamRole } from '../../src/core/api/team-values.js';
import { sweepAuditEvents } from '../../src/server/audit/sweep-audit-events.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { recordAuditEvent } from '../../src/server/audit/record-audit-event.js';
import { TEAM_NOT_FOUND, TEAM_TRAIL_REFUSED } from '../../src/server/audit/read-audit-trail.js';
import { teamMembers, teams, transcriptions } from '../../src/server/db/schema.js';
import { applyRetention } from '../../src/server/retention/apply-retention.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript, patchTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe('AUDIT_RETENTION_DAYS', () => {
  it('keeps events a year by default, 1 to 36500 days when set', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '36500' }).auditRetentionDays).toBe(36_500);
  });

  it.each(['0', '-5', '1.5', 'a year', '36501'])(
    'refuses %s at start, naming the setting',
    (days) => {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: days })).toThrow(ConfigError);
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: days })).toThrow('AUDIT_RETENTION_DAYS');
    },
  );
});
const DAY = 24 * 60 * 60 * 1000;

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(kinds)('the audit trail on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    cookie: string,
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.server.inject({
      method,
      url,
      headers: asUser(cookie, headers),
      ...(payload ? { payload } : {}),
    });

  async function trail(cookie: string, query = ''): Promise<AuditPageDto> {
    const response = await send(cookie, 'GET', `/api/audit${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<AuditPageDto>();
  }

  /** The user's own events on one transcription, oldest first, as [action, detail]. */
  async function actionsOn(account: Account, transcriptionId: string) {
    const { events } = await trail(account.cookie, `?transcription=${transcriptionId}`);
    return events.reverse().map((event) => [event.action, event.detail]);
  }

  async function createTeam(members: Array<[Account, TeamRole]>): Promise<string> {
    const id = randomUUID();
    await app.database.db.insert(teams).values({ id, name: 'Newsroom' });
    await app.database.db
      .insert(teamMembers)
      .values(members.map(([account, role]) => ({ teamId: id, userId: account.userId, role })));
    return id;
  }

  it('records views, plays, edits, exports, share links and deletes with who, what and when', async () => {
    const owner = await signUp(app);
    const { id } = await insertTranscript(app, owner.userId, { filename: 'Interview.wav' });

    // A page that polls is one view; a player's seeks and buffering are one play.
    for (let poll = 0; poll < 3; poll += 1)
      expect((await send(owner.cookie, 'GET', `/api/transcriptions/${id}`)).statusCode).toBe(200);
    const audio = `/api/transcriptions/${id}/audio`;
    expect(
      (await send(owner.cookie, 'GET', audio, undefined, { range: 'bytes=0-' })).statusCode,
    ).toBe(206);
    await send(owner.cookie, 'GET', audio, undefined, { range: 'bytes=1000-2000' });
    await send(owner.cookie, 'GET', audio);

    const renamed = await patchTranscript(app, owner.cookie, id, {
      filename: 'Interview with the mayor.wav',
    });
    expect(renamed.statusCode).toBe(200);
    const edited = await patchTranscript(app, owner.cookie, id, {
      segments: [{ start: 0, end: 4, text: 'Corrected first line.' }],
    });
    expect(edited.statusCode).toBe(200);
    const restored = await send(
      owner.cookie,
      'POST',
      `/api/transcriptions/${id}/versions/1/restore`,
    );
    expect(restored.statusCode).toBe(200);

    const download = await send(owner.cookie, 'GET', `/api/download/${id}?format=srt`);
    expect(download.statusCode).toBe(200);
    const zip = await send(owner.cookie, 'POST', '/api/exports', { ids: [id], format: 'docx' });
    expect(zip.statusCode).toBe(202);

    expect((await send(owner.cookie, 'POST', `/api/transcriptions/${id}/share`)).statusCode).toBe(
      200,
    );
    // Asking again for the link it has creates nothing new.
    await send(owner.cookie, 'POST', `/api/transcriptions/${id}/share`);
    expect((await send(owner.cookie, 'DELETE', `/api/transcriptions/${id}/share`)).statusCode).toBe(
      200,
    );
    expect((await send(owner.cookie, 'DELETE', `/api/transcriptions/${id}`)).statusCode).toBe(200);
    expect((await send(owner.cookie, 'POST', `/api/transcriptions/${id}/restore`)).statusCode).toBe(
      200,
    );
    const bulk = await send(owner.cookie, 'POST', '/api/transcriptions/bulk-delete', { ids: [id] });
    expect(bulk.statusCode).toBe(200);

    expect(await actionsOn(owner, id)).toEqual([
      ['transcription.view', null],
      ['transcription.play', null],
      ['transcription.edit', { kind: 'renamed' }],
      ['transcription.edit', { kind: 'edited' }],
      ['transcription.edit', { kind: 'restored', version: 1 }],
      ['transcription.export', { format: 'srt', version: 'current' }],
      ['transcription.export', { format: 'docx', via: 'zip' }],
      ['transcription.share-link-created', null],
      ['transcription.share-link-revoked', null],
      ['transcription.delete', null],
      ['transcription.restore', null],
      ['transcription.delete', null],
    ]);
    const { events } = await trail(owner.cookie, `?transcription=${id}`);
    for (const event of events) {
      expect(event.actor).toEqual({ id: owner.userId, email: owner.email });
      expect(event.team).toBeNull();
      expect(Date.parse(event.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The name at the time of each event: the view was of the file as uploaded.
    expect(events.at(-1)?.transcription).toEqual({ id, name: 'Interview.wav' });
    expect(events[0]?.transcription).toEqual({ id, name: 'Interview with the mayor.wav' });
  });

  it('records "Transcribe again" as an edit', async () => {
    const owner = await signUp(app);
    const { id } = await insertTranscript(app, owner.userId);
    const again = await send(owner.cookie, 'POST', `/api/transcriptions/${id}/retranscribe`, {});
    expect(again.statusCode).toBe(202);
    expect(await actionsOn(owner, id)).toEqual([['transcription.edit', { kind: 'retranscribed' }]]);
  });

  it('an API key acts as its user: its reads are in the user’s trail', async () => {
    const owner = await signUp(app);
    const { id } = await insertTranscript(app, owner.userId);
    const created = await send(owner.cookie, 'POST', '/api/keys', { name: 'script' });
    expect(created.statusCode).toBe(201);
    const authorization = `Bearer ${created.json<{ key: string }>().key}`;
    const read = await app.server.inject({
      url: `/api/transcriptions/${id}`,
      headers: { authorization },
    });
    expect(read.statusCode).toBe(200);
    const own = await app.server.inject({ url: '/api/audit', headers: { authorization } });
    expect(own.statusCode).toBe(200);
    expect(own.json<AuditPageDto>().events.map((event) => [event.action, event.actor?.id])).toEqual(
      [['transcription.view', owner.userId]],
    );
  });

  it('retention deletes are the system’s (no actor), in the uploader’s trail and the team’s', async () => {
    const owner = await signUp(app);
    const admin = await signUp(app);
    await send(owner.cookie, 'PUT', '/api/account/retention', { audioDays: 7, transcriptDays: 30 });
    const old = await insertTranscript(app, owner.userId, {
      createdAt: new Date(Date.now() - 31 * DAY),
    });
    const audioOnly = await insertTranscript(app, owner.userId, {
      createdAt: new Date(Date.now() - 8 * DAY),
    });
    const teamId = await createTeam([
      [owner, 'owner'],
      [admin, 'admin'],
    ]);
    await app.database.db
      .update(transcriptions)
      .set({ teamId })
      .where(eq(transcriptions.id, old.id));
    // A team's transcriptions follow the team's retention.
    await send(owner.cookie, 'PUT', `/api/teams/${teamId}/retention`, {
      audioDays: null,
      transcriptDays: 30,
    });

    await applyRetention({
      database: app.database,
      storage: app.storage,
      signals: app.signals,
      announce: app.announce,
      maxDays: null,
    });

    const { events } = await trail(owner.cookie, '?action=transcription.retention-delete');
    expect(
      events.map(({ actor, transcription, detail, targetUserId, team }) => ({
        actor,
        id: transcription?.id,
        detail,
        targetUserId,
        team,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          actor: null,
          id: old.id,
          detail: { deleted: 'transcript' },
          targetUserId: owner.userId,
          team: { id: teamId },
        },
        {
          actor: null,
          id: audioOnly.id,
          detail: { deleted: 'recording' },
          targetUserId: owner.userId,
          team: null,
        },
      ]),
    );
    expect(events).toHaveLength(2);
    const team = await send(admin.cookie, 'GET', `/api/teams/${teamId}/audit`);
    expect(
      team.json<AuditPageDto>().events.map((event) => [event.action, event.transcription?.id]),
    ).toEqual([['transcription.retention-delete', old.id]]);
  });

  it('a team’s trail is for its owner and admins; a member’s own trail is what they did', async () => {
    const owner = await signUp(app);
    const admin = await signUp(app);
    const editor = await signUp(app);
    const outsider = await signUp(app);
    const teamId = await createTeam([
      [owner, 'owner'],
      [admin, 'admin'],
      [editor, 'editor'],
    ]);
    const { id } = await insertTranscript(app, owner.userId, { filename: 'Team call.wav' });
    const personal = await insertTranscript(app, owner.userId);
    await app.database.db.update(transcriptions).set({ teamId }).where(eq(transcriptions.id, id));
    await send(owner.cookie, 'GET', `/api/transcriptions/${id}`);
    await send(owner.cookie, 'GET', `/api/download/${id}?format=txt`);
    await send(owner.cookie, 'GET', `/api/transcriptions/${personal.id}`);
    // What the teams helpers record (membership), through the shared recorder.
    await recordAuditEvent(app.database.db, {
      action: 'team.member-added',
      actor: { id: owner.userId, email: owner.email },
      teamId,
      targetUserId: editor.userId,
      detail: { role: 'editor' },
    });

    for (const reader of [owner, admin]) {
      const response = await send(reader.cookie, 'GET', `/api/teams/${teamId}/audit`);
      expect(response.statusCode).toBe(200);
      expect(
        response
          .json<AuditPageDto>()
          .events.map((event) => [event.action, event.transcription?.name ?? null]),
      ).toEqual([
        ['team.member-added', null],
        ['transcription.export', 'Team call.wav'],
        ['transcription.view', 'Team call.wav'],
      ]);
    }
    const refused = await send(editor.cookie, 'GET', `/api/teams/${teamId}/audit`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: TEAM_TRAIL_REFUSED });
    for (const url of [`/api/teams/${teamId}/audit`, `/api/teams/${randomUUID()}/audit`]) {
      const hidden = await send(outsider.cookie, 'GET', url);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: TEAM_NOT_FOUND });
    }

    // The admin's own trail has nothing of the owner's reads; the editor's has them adding him.
    expect((await trail(admin.cookie)).events).toEqual([]);
    expect(
      (await trail(editor.cookie)).events.map((event) => [event.action, event.actor?.id]),
    ).toEqual([['team.member-added', owner.userId]]);
    expect((await trail(owner.cookie)).events).toHaveLength(4);
    expect((await app.server.inject({ url: '/api/audit' })).statusCode).toBe(401);
  });

  it('pages newest first with a cursor, and filters by action', async () => {
    const owner = await signUp(app);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const { id } = await insertTranscript(app, owner.userId, { withoutAudio: true });
      await send(owner.cookie, 'GET', `/api/transcriptions/${id}`);
      ids.push(id);
    }
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: AuditPageDto = await trail(
        owner.cookie,
        `?limit=2${before ? `&before=${before}` : ''}`,
      );
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.events.map((event) => event.transcription?.id ?? ''));
      before = page.next;
      pages += 1;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    expect((await trail(owner.cookie, '?action=transcription.export')).events).toEqual([]);

    for (const bad of ['?limit=0', '?limit=201', '?action=transcription.sing', '?format=xml']) {
      const refused = await send(owner.cookie, 'GET', `/api/audit${bad}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/limit|action|format/);
    }
  });

  it('downloads the whole trail as CSV, with formula-like cells made harmless', async () => {
    const owner = await signUp(app);
    const formula = '=HYPERLINK("http://evil.example","click"),x.wav';
    const { id } = await insertTranscript(app, owner.userId, {
      filename: formula,
      withoutAudio: true,
    });
    const other = await insertTranscript(app, owner.userId, {
      filename: '@SUM(1+1).wav',
      withoutAudio: true,
    });
    await send(owner.cookie, 'GET', `/api/transcriptions/${id}`);
    await send(owner.cookie, 'GET', `/api/transcriptions/${other.id}`);
    await send(owner.cookie, 'GET', `/api/download/${id}?format=md`);

    const response = await send(owner.cookie, 'GET', '/api/audit?format=csv&limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'time,action,actor_id,actor_email,transcription_id,transcription_name,team_id,target_user_id,detail',
    );
    // The whole trail whatever the page size, newest first.
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      'transcription.export',
      'transcription.view',
      'transcription.view',
    ]);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""click""),x.wav",`);
    expect(lines[1]).toContain(`,"{""format"":""md"",""version"":""current""}"`);
    expect(lines[2]).toContain(`,'@SUM(1+1).wav,`);
    expect(lines[1]).toContain(`,${owner.userId},${owner.email},${id},`);

    const filtered = await send(
      owner.cookie,
      'GET',
      `/api/audit?format=csv&transcription=${other.id}`,
    );
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('the database refuses to change or delete an event, except for the sweep', async () => {
    const owner = await signUp(app);
    const { id } = await insertTranscript(app, owner.userId, { withoutAudio: true });
    await send(owner.cookie, 'GET', `/api/transcriptions/${id}`);
    const { db } = app.database;
    await expect(
      db.execute(sql`UPDATE audit_events SET actor_email = 'x' WHERE transcription_id = ${id}`),
    ).rejects.toMatchObject({ cause: { message: 'audit_events is append-only' } });
    await expect(
      db.execute(sql`DELETE FROM audit_events WHERE transcription_id = ${id}`),
    ).rejects.toMatchObject({ cause: { message: 'audit_events is append-only' } });
    expect((await trail(owner.cookie)).events).toHaveLength(1);
  });

  it('the sweep deletes only the events older than AUDIT_RETENTION_DAYS', async () => {
    const owner = await signUp(app);
    const { id } = await insertTranscript(app, owner.userId, { withoutAudio: true });
    const at = (days: number) => new Date(Date.now() - days * DAY);
    for (const days of [400, 366, 364, 1])
      await app.database.db.execute(sql`
        INSERT INTO audit_events (id, at, actor_id, actor_email, action, transcription_id)
        VALUES (${randomUUID()}, ${at(days).toISOString()}, ${owner.userId}, ${owner.email},
          'transcription.view', ${id})`);
    expect(app.config.auditRetentionDays).toBe(365);
    expect(await sweepAuditEvents(app.database, app.config.auditRetentionDays)).toBe(2);
    const left = (await trail(owner.cookie)).events.map((event: AuditEventDto) =>
      Math.round((Date.now() - Date.parse(event.at)) / DAY),
    );
    expect(left).toEqual([1, 364]);
  });
});
