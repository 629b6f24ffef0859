import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, teamInvitations, teamMembers, teams } from '../../src/server/db/schema.js';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../fixtures/mail/smtp-inbox.js';
import { SAME_ORIGIN, signUp, signUpConfirmed } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

interface Account {
  cookie: string;
  email: string;
  userId: string;
}

type Caller = Account | { key: string };

function send(app: TestApp, who: Caller, method: string, url: string, payload?: object) {
  const credential =
    'key' in who ? { authorization: `Bearer ${who.key}` } : { cookie: who.cookie, ...SAME_ORIGIN };
  return app.server.inject({
    method: method as 'GET',
    url,
    headers: credential,
    ...(payload === undefined ? {} : { payload }),
  });
}

async function createTeam(app: TestApp, owner: Account, name = 'Newsroom'): Promise<string> {
  const response = await send(app, owner, 'POST', '/api/teams', { name });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function addMember(
  app: TestApp,
  teamId: string,
  userId: string,
  role: 'admin' | 'editor' | 'viewer',
) {
  await app.database.db.insert(teamMembers).values({ teamId, userId, role });
}

async function roleOf(app: TestApp, teamId: string, userId: string) {
  const [row] = await app.database.db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role ?? null;
}

async function invite(app: TestApp, who: Caller, teamId: string, email: string, role = 'editor') {
  return send(app, who, 'POST', `/api/teams/${teamId}/invitations`, { email, role });
}

async function invitationLink(
  app: TestApp,
  who: Caller,
  teamId: string,
  email: string,
  role = 'editor',
) {
  const response = await invite(app, who, teamId, email, role);
  expect(response.statusCode).toBe(201);
  const body = response.json<{ id: string; url: string; emailed: boolean }>();
  return { ...body, token: body.url.split('/invitations/')[1] ?? '' };
}

async function auditActions(app: TestApp, teamId: string) {
  const rows = await app.database.db
    .select({
      action: auditEvents.action,
      targetUserId: auditEvents.targetUserId,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .where(eq(auditEvents.teamId, teamId))
    .orderBy(auditEvents.at);
  return rows;
}

describe.each(kinds)('teams, members and invitations on %s', (kind) => {
  let app: TestApp;
  let owner: Account;
  let admin: Account;
  let editor: Account;
  let viewer: Account;
  let spare: Account;
  let outsider: Account;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await signUp(app, { name: 'Olivia Owner' });
    admin = await signUp(app, { name: 'Adam Admin' });
    editor = await signUp(app, { name: 'Edith Editor' });
    viewer = await signUp(app, { name: 'Victor Viewer' });
    spare = await signUp(app, { name: 'Sam Spare' });
    outsider = await signUp(app, { name: 'Oscar Outsider' });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A team with one member of each role, plus a spare editor to act on. */
  async function fullTeam(): Promise<string> {
    const teamId = await createTeam(app, owner);
    await addMember(app, teamId, admin.userId, 'admin');
    await addMember(app, teamId, editor.userId, 'editor');
    await addMember(app, teamId, viewer.userId, 'viewer');
    await addMember(app, teamId, spare.userId, 'editor');
    return teamId;
  }

  it('makes the creator the owner and lists the user’s teams with role and member count', async () => {
    const created = await send(app, owner, 'POST', '/api/teams', { name: '  Night desk  ' });
    expect(created.statusCode).toBe(201);
    const team = created.json<{ id: string }>();
    expect(team).toEqual({ id: expect.any(String), name: 'Night desk', role: 'owner' });
    await addMember(app, team.id, viewer.userId, 'viewer');

    const mine = (await send(app, viewer, 'GET', '/api/teams')).json<unknown[]>();
    expect(mine).toContainEqual({
      id: team.id,
      name: 'Night desk',
      role: 'viewer',
      memberCount: 2,
    });
    expect((await send(app, outsider, 'GET', '/api/teams')).json()).toEqual([]);
    expect(await auditActions(app, team.id)).toEqual([
      { action: 'team.create', targetUserId: null, detail: { name: 'Night desk' } },
    ]);
  });

  it('refuses a blank or too long name, a bad address or an owner invitation with a clear 400', async () => {
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const response = await send(app, owner, 'POST', '/api/teams', { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Give the team a name of 1 to 80 characters.' });
    }
    const teamId = await createTeam(app, owner);
    const badEmail = await invite(app, owner, teamId, 'not an address');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ message: 'Please enter a valid email address.' });
    const asOwner = await invite(app, owner, teamId, 'someone@example.com', 'owner');
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json<{ message: string }>().message).toContain('ownership is handed over');
    const rename = await send(app, owner, 'PATCH', `/api/teams/${teamId}`, { name: ' ' });
    expect(rename.statusCode).toBe(400);
    expect(
      await app.database.db
        .select()
        .from(teamInvitations)
        .where(eq(teamInvitations.teamId, teamId)),
    ).toEqual([]);
  });

  /** Each action, and how to tell it took effect. */
  const ACTIONS: Record<
    string,
    {
      run: (who: Account, teamId: string) => Promise<number>;
      changed: (teamId: string) => Promise<boolean>;
    }
  > = {
    rename: {
      run: async (who, teamId) =>
        (await send(app, who, 'PATCH', `/api/teams/${teamId}`, { name: 'Renamed' })).statusCode,
      changed: async (teamId) =>
        (await app.database.db.select().from(teams).where(eq(teams.id, teamId)))[0]?.name ===
        'Renamed',
    },
    invite: {
      run: async (who, teamId) =>
        (await invite(app, who, teamId, 'new.hire@example.com')).statusCode,
      changed: async (teamId) =>
        (
          await app.database.db
            .select()
            .from(teamInvitations)
            .where(eq(teamInvitations.teamId, teamId))
        ).length > 1,
    },
    revoke: {
      run: async (who, teamId) => {
        const [pending] = await app.database.db
          .select()
          .from(teamInvitations)
          .where(eq(teamInvitations.teamId, teamId));
        return (await send(app, who, 'DELETE', `/api/teams/${teamId}/invitations/${pending?.id}`))
          .statusCode;
      },
      changed: async (teamId) =>
        (
          await app.database.db
            .select()
            .from(teamInvitations)
            .where(eq(teamInvitations.teamId, teamId))
        )[0]?.revokedAt != null,
    },
    'change role': {
      run: async (who, teamId) =>
        (
          await send(app, who, 'PATCH', `/api/teams/${teamId}/members/${spare.userId}`, {
            role: 'viewer',
          })
        ).statusCode,
      changed: async (teamId) => (await roleOf(app, teamId, spare.userId)) === 'viewer',
    },
    remove: {
      run: async (who, teamId) =>
        (await send(app, who, 'DELETE', `/api/teams/${teamId}/members/${spare.userId}`)).statusCode,
      changed: async (teamId) => (await roleOf(app, teamId, spare.userId)) === null,
    },
    transfer: {
      run: async (who, teamId) =>
        (
          await send(app, who, 'PATCH', `/api/teams/${teamId}/members/${spare.userId}`, {
            role: 'owner',
          })
        ).statusCode,
      changed: async (teamId) => (await roleOf(app, teamId, spare.userId)) === 'owner',
    },
    delete: {
      run: async (who, teamId) =>
        (await send(app, who, 'DELETE', `/api/teams/${teamId}`)).statusCode,
      changed: async (teamId) =>
        (await app.database.db.select().from(teams).where(eq(teams.id, teamId))).length === 0,
    },
  };

  // role × action: the status each role gets; 2xx means the change happened, anything else that it did not.
  const TABLE: Array<
    [action: string, owner: number, admin: number, editor: number, viewer: number, outsider: number]
  > = [
    ['rename', 200, 200, 403, 403, 404],
    ['invite', 201, 201, 403, 403, 404],
    ['revoke', 204, 204, 403, 403, 404],
    ['change role', 200, 200, 403, 403, 404],
    ['remove', 204, 204, 403, 403, 404],
    ['transfer', 200, 403, 403, 403, 404],
    ['delete', 204, 403, 403, 403, 404],
  ];
  const cells = TABLE.flatMap(([action, ...statuses]) =>
    (['owner', 'admin', 'editor', 'viewer', 'outsider'] as const).map(
      (role, index) => [action, role, statuses[index] ?? 0] as const,
    ),
  );

  it.each(cells)(
    '%s as %s answers %i, and changes the team only on success',
    async (action, role, status) => {
      const teamId = await fullTeam();
      await invitationLink(app, owner, teamId, 'pending@example.com');
      const who = { owner, admin, editor, viewer, outsider }[role];
      const { run, changed } = ACTIONS[action]!;
      expect(await run(who, teamId)).toBe(status);
      expect(await changed(teamId)).toBe(status < 300);
    },
  );

  it('keeps exactly one owner: handing over makes the old owner an admin, and the owner is untouchable', async () => {
    const teamId = await fullTeam();
    const members = (path: string) => `/api/teams/${teamId}/members${path}`;

    const leave = await send(app, owner, 'DELETE', members(`/${owner.userId}`));
    expect(leave.statusCode).toBe(409);
    expect(leave.json<{ message: string }>().message).toContain('hand ownership over');
    const stepDown = await send(app, owner, 'PATCH', members(`/${owner.userId}`), {
      role: 'admin',
    });
    expect(stepDown.statusCode).toBe(409);
    for (const attempt of [
      send(app, admin, 'DELETE', members(`/${owner.userId}`)),
      send(app, admin, 'PATCH', members(`/${owner.userId}`), { role: 'viewer' }),
      send(app, admin, 'PATCH', members(`/${admin.userId}`), { role: 'owner' }),
    ]) {
      const response = await attempt;
      expect(response.statusCode).toBe(403);
    }
    expect(await roleOf(app, teamId, owner.userId)).toBe('owner');

    // An admin may set any role below owner on anyone but the owner, other admins included.
    const promoted = await send(app, admin, 'PATCH', members(`/${viewer.userId}`), {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({
      userId: viewer.userId,
      role: 'admin',
      name: 'Victor Viewer',
    });

    const handover = await send(app, owner, 'PATCH', members(`/${editor.userId}`), {
      role: 'owner',
    });
    expect(handover.statusCode).toBe(200);
    expect(handover.json()).toMatchObject({ userId: editor.userId, role: 'owner' });
    const list = (await send(app, owner, 'GET', members(''))).json<
      Array<{ userId: string; role: string }>
    >();
    expect(list.filter((member) => member.role === 'owner')).toEqual([
      expect.objectContaining({ userId: editor.userId }),
    ]);
    expect(list[0]).toMatchObject({ userId: editor.userId, role: 'owner' });
    expect(await roleOf(app, teamId, owner.userId)).toBe('admin');
    // The old owner, now an admin, can leave; the new owner cannot be removed.
    expect((await send(app, owner, 'DELETE', members(`/${editor.userId}`))).statusCode).toBe(403);
    expect((await send(app, owner, 'DELETE', members(`/${owner.userId}`))).statusCode).toBe(204);
    expect((await send(app, owner, 'GET', members(''))).statusCode).toBe(404);
    // A viewer leaves on their own.
    const viewerTeam = await fullTeam();
    expect(
      (await send(app, viewer, 'DELETE', `/api/teams/${viewerTeam}/members/${viewer.userId}`))
        .statusCode,
    ).toBe(204);

    expect(
      (await auditActions(app, teamId)).map(({ action, targetUserId, detail }) => [
        action,
        targetUserId,
        detail,
      ]),
    ).toEqual([
      ['team.create', null, { name: 'Newsroom' }],
      ['team.member-role-changed', viewer.userId, { from: 'viewer', to: 'admin' }],
      [
        'team.ownership-transferred',
        editor.userId,
        { from: 'editor', to: 'owner', previousOwnerRole: 'admin' },
      ],
      ['team.member-removed', owner.userId, { role: 'admin', reason: 'left' }],
    ]);
  });

  it('gives outsiders 404 for everything about a team, whether it exists or not', async () => {
    const teamId = await fullTeam();
    for (const id of [teamId, 'no-such-team']) {
      for (const [method, path] of [
        ['GET', `/api/teams/${id}/members`],
        ['GET', `/api/teams/${id}/invitations`],
        ['PATCH', `/api/teams/${id}/members/${viewer.userId}`],
      ] as const) {
        const response = await send(
          app,
          outsider,
          method,
          path,
          method === 'PATCH' ? { role: 'editor' } : undefined,
        );
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: 'No such team, or you are not a member of it.',
        });
      }
    }
    // Members read the member list; only owners and admins the invitations.
    expect((await send(app, viewer, 'GET', `/api/teams/${teamId}/members`)).statusCode).toBe(200);
    const refused = await send(app, editor, 'GET', `/api/teams/${teamId}/invitations`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'As an editor of this team you cannot do this.' });
  });

  it('invites by a one-time link whose secret is stored only as a hash, and the invited account joins', async () => {
    const teamId = await createTeam(app, owner, 'Investigations');
    const invitee = await signUp(app, { name: 'Ingrid Invitee' });
    const invitation = await invitationLink(
      app,
      owner,
      teamId,
      invitee.email.toUpperCase(),
      'viewer',
    );
    expect(invitation.emailed).toBe(false);
    expect(invitation.url).toMatch(new RegExp(`^${TEST_BASE_URL}/invitations/[A-Za-z0-9_-]{43}$`));
    const [stored] = await app.database.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.id, invitation.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(invitation.token).digest('hex'));
    expect(stored?.email).toBe(invitee.email);
    expect(JSON.stringify(stored)).not.toContain(invitation.token);

    const pending = (await send(app, owner, 'GET', `/api/teams/${teamId}/invitations`)).json();
    expect(pending).toEqual([
      expect.objectContaining({
        id: invitation.id,
        email: invitee.email,
        role: 'viewer',
        invitedBy: 'Olivia Owner',
      }),
    ]);
    const preview = await app.server.inject({ url: `/api/invitations/${invitation.token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      teamName: 'Investigations',
      invitedBy: 'Olivia Owner',
      email: invitee.email,
      role: 'viewer',
    });

    const wrong = await send(app, outsider, 'POST', `/api/invitations/${invitation.token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      message: `This invitation is for ${invitee.email}. Sign in as ${invitee.email} to accept it.`,
    });
    const anonymous = await app.server.inject({
      method: 'POST',
      url: `/api/invitations/${invitation.token}/accept`,
      headers: SAME_ORIGIN,
    });
    expect(anonymous.statusCode).toBe(401);

    const accepted = await send(
      app,
      invitee,
      'POST',
      `/api/invitations/${invitation.token}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ id: teamId, name: 'Investigations', role: 'viewer' });
    expect(await roleOf(app, teamId, invitee.userId)).toBe('viewer');
    expect((await send(app, owner, 'GET', `/api/teams/${teamId}/invitations`)).json()).toEqual([]);

    const reused = await send(app, invitee, 'POST', `/api/invitations/${invitation.token}/accept`);
    expect(reused.statusCode).toBe(410);
    expect(reused.json<{ message: string }>().message).toContain('already been used');
    expect(
      (await app.server.inject({ url: `/api/invitations/${invitation.token}` })).statusCode,
    ).toBe(410);

    const again = await invite(app, owner, teamId, invitee.email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: `${invitee.email} is already a member of this team.` });

    const actions = (await auditActions(app, teamId)).map((event) => event.action);
    expect(actions).toEqual(['team.create', 'team.invitation-created', 'team.member-added']);
  });

  it('refuses revoked, expired, unknown links and a member accepting again, each with its own words', async () => {
    const teamId = await createTeam(app, owner);
    const invitee = await signUp(app);
    const accept = (token: string) =>
      send(app, invitee, 'POST', `/api/invitations/${token}/accept`);

    const revoked = await invitationLink(app, owner, teamId, invitee.email);
    expect(
      (await send(app, owner, 'DELETE', `/api/teams/${teamId}/invitations/${revoked.id}`))
        .statusCode,
    ).toBe(204);
    const revokedAnswer = await accept(revoked.token);
    expect(revokedAnswer.statusCode).toBe(410);
    expect(revokedAnswer.json<{ message: string }>().message).toContain('withdrawn');
    expect(
      (await send(app, owner, 'DELETE', `/api/teams/${teamId}/invitations/${revoked.id}`))
        .statusCode,
    ).toBe(404);

    const expired = await invitationLink(app, owner, teamId, invitee.email);
    await app.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, expired.id));
    const expiredAnswer = await accept(expired.token);
    expect(expiredAnswer.statusCode).toBe(410);
    expect(expiredAnswer.json<{ message: string }>().message).toMatch(
      /^This invitation expired on /,
    );
    expect((await send(app, owner, 'GET', `/api/teams/${teamId}/invitations`)).json()).toEqual([]);

    const unknown = await accept('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);

    // Inviting again withdraws the earlier link: only the newest works.
    const first = await invitationLink(app, owner, teamId, invitee.email);
    const second = await invitationLink(app, owner, teamId, invitee.email);
    expect((await accept(first.token)).statusCode).toBe(410);
    await addMember(app, teamId, invitee.userId, 'viewer');
    const member = await accept(second.token);
    expect(member.statusCode).toBe(409);
    expect(member.json()).toEqual({ message: 'You are already a member of Newsroom.' });
    expect(await roleOf(app, teamId, invitee.userId)).toBe('viewer');
  });

  it('hands a deleted owner’s team to the highest role who joined first, and deletes a team they owned alone', async () => {
    const leaving = await signUp(app, { name: 'Leaving Owner' });
    const shared = await createTeam(app, leaving, 'Shared');
    const alone = await createTeam(app, leaving, 'Alone');
    await addMember(app, shared, editor.userId, 'editor');
    await addMember(app, shared, admin.userId, 'admin');
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie: leaving.cookie },
      payload: { confirm: true, password: 'correct horse battery' },
    });
    expect(deleted.statusCode).toBe(200);
    const members = await send(app, admin, 'GET', `/api/teams/${shared}/members`);
    expect(
      members.json<Array<{ userId: string; role: string }>>().map((m) => [m.userId, m.role]),
    ).toEqual([
      [admin.userId, 'owner'],
      [editor.userId, 'editor'],
    ]);
    expect(await app.database.db.select().from(teams).where(eq(teams.id, alone))).toEqual([]);
    // One transaction, one time: the events are compared without their order.
    const events = (await auditActions(app, shared)).slice(1);
    expect(events.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      {
        action: 'team.member-removed',
        targetUserId: leaving.userId,
        detail: { role: 'owner', reason: 'account-deleted' },
      },
      {
        action: 'team.ownership-transferred',
        targetUserId: admin.userId,
        detail: { from: 'admin', to: 'owner', reason: 'owner-account-deleted' },
      },
    ]);
  });

  it('lets one person send at most 50 invitations an hour', async () => {
    const sender = await signUp(app, { name: 'Busy Sender' });
    const teamId = await createTeam(app, sender);
    for (let index = 0; index < 50; index += 1) {
      expect((await invite(app, sender, teamId, `guest-${index}@example.com`)).statusCode).toBe(
        201,
      );
    }
    const refused = await invite(app, sender, teamId, 'one-too-many@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'You have sent 50 invitations in the last hour, the most allowed. Try again later.',
    });
    const pending = await send(app, sender, 'GET', `/api/teams/${teamId}/invitations`);
    expect(pending.json<unknown[]>()).toHaveLength(50);
  });

  it('lets an API key act as its user, with the user’s roles', async () => {
    const keyAnswer = await send(app, spare, 'POST', '/api/keys', { name: 'script' });
    const key = { key: keyAnswer.json<{ key: string }>().key };
    const created = await send(app, key, 'POST', '/api/teams', { name: 'Scripted' });
    expect(created.statusCode).toBe(201);
    const teamId = created.json<{ id: string }>().id;
    expect((await send(app, key, 'GET', '/api/teams')).json()).toContainEqual({
      id: teamId,
      name: 'Scripted',
      role: 'owner',
      memberCount: 1,
    });

    const elsewhere = await fullTeam(); // spare is an editor there
    expect(
      (await send(app, key, 'PATCH', `/api/teams/${elsewhere}`, { name: 'Nope' })).statusCode,
    ).toBe(403);

    const invitee = await signUp(app);
    const inviteeKey = {
      key: (await send(app, invitee, 'POST', '/api/keys', { name: 'k' })).json<{ key: string }>()
        .key,
    };
    const invitation = await invitationLink(app, key, teamId, invitee.email, 'admin');
    const accepted = await send(
      app,
      inviteeKey,
      'POST',
      `/api/invitations/${invitation.token}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ id: teamId, name: 'Scripted', role: 'admin' });
    const [event] = (await auditActions(app, teamId)).filter(
      (row) => row.action === 'team.member-added',
    );
    expect(event?.targetUserId).toBe(invitee.userId);
  });
});

describe.each(kinds)('team invitations by email on %s', (kind) => {
  let inbox: SmtpInbox;
  let app: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    app = await createTestApp(kind, {
      env: { SMTP_URL: inbox.url, MAIL_FROM: 'Sonoscript <noreply@sonoscript.test>' },
    });
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
  });

  it('emails the link, which the invited account follows to join', async () => {
    const owner = await signUpConfirmed(app, inbox, { name: 'Olivia Owner' });
    const invitee = await signUpConfirmed(app, inbox, { name: 'Ingrid Invitee' });
    const teamId = await createTeam(app, owner, 'Metro desk');
    const invitation = await invitationLink(app, owner, teamId, invitee.email, 'editor');
    expect(invitation.emailed).toBe(true);

    const mail = await inbox.waitFor(invitee.email, (m) => m.subject.includes('Metro desk'));
    expect(mail.subject).toBe('Olivia Owner invited you to Metro desk on Sonoscript');
    expect(mail.text).toContain('as an editor');
    const link = linkIn(mail, `${TEST_BASE_URL}/invitations/`);
    expect(link).toBe(invitation.url);
    const page = await app.server.inject({ url: new URL(link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');

    const token = new URL(link).pathname.split('/').pop() ?? '';
    const accepted = await send(app, invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.json()).toEqual({ id: teamId, name: 'Metro desk', role: 'editor' });
  });
});
