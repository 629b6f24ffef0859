import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentDto, HighlightDto } from '../../src/core/api/comments.js';
import type { TeamRole } from '../../src/core/api/team-values.js';
import { COMMENT_MAX_LENGTH } from '../../src/core/api/team-values.js';
import { teamMembers, teams, transcriptions, user } from '../../src/server/db/schema.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { docxParagraphTexts } from './support/export-files.js';
import { listen } from './support/http.js';
import {
  asUser,
  insertTranscript,
  patchTranscript,
  SAMPLE_SEGMENTS,
} from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('comments and highlights on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  type Person = Awaited<ReturnType<typeof signUp>>;

  async function uploader(name = 'Ada Lovelace') {
    const person = await signUp(app, { name });
    const { id } = await insertTranscript(app, person.userId, { withoutAudio: true });
    return { ...person, id };
  }

  /** A team transcription uploaded by its owner, and one member per role asked for. */
  async function teamTranscription(roles: TeamRole[]) {
    const owner = await uploader('Olivia Owner');
    const teamId = randomUUID();
    await app.database.db.insert(teams).values({ id: teamId, name: 'Newsroom' });
    await app.database.db
      .insert(teamMembers)
      .values({ teamId, userId: owner.userId, role: 'owner' });
    await app.database.db
      .update(transcriptions)
      .set({ teamId })
      .where(eq(transcriptions.id, owner.id));
    const members: Partial<Record<TeamRole, Person>> = {};
    for (const role of roles) {
      const member = await signUp(app, {
        name: `${role[0]?.toUpperCase()}${role.slice(1)} Member`,
      });
      await app.database.db.insert(teamMembers).values({ teamId, userId: member.userId, role });
      members[role] = member;
    }
    return { owner, id: owner.id, members: members as Record<TeamRole, Person> };
  }

  const send = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.server.inject({ method, url, headers: asUser(cookie), ...(payload && { payload }) });
  const comment = (cookie: string, id: string, payload: object) =>
    send(cookie, 'POST', `/api/transcriptions/${id}/comments`, payload);
  const list = async (cookie: string, id: string) =>
    (await send(cookie, 'GET', `/api/transcriptions/${id}/comments`)).json<CommentDto[]>();
  const change = (cookie: string, commentId: string, payload: object) =>
    send(cookie, 'PATCH', `/api/comments/${commentId}`, payload);

  it('starts a thread on a line, replies to it, resolves it and lists it oldest first', async () => {
    const ada = await uploader();
    const created = await comment(ada.cookie, ada.id, {
      segment: 1,
      text: '  Check the figure.  ',
    });
    expect(created.statusCode).toBe(201);
    const thread = created.json<CommentDto>();
    expect(thread).toMatchObject({
      segment: 1,
      parent: null,
      text: 'Check the figure.',
      author: { id: ada.userId, name: 'Ada Lovelace' },
      resolved: false,
      resolvedAt: null,
      resolvedBy: null,
      canEdit: true,
      canDelete: true,
      canResolve: true,
    });
    expect(Date.parse(thread.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const reply = (
      await comment(ada.cookie, ada.id, { text: 'It is 4.2 million.', parent: thread.id })
    ).json<CommentDto>();
    expect(reply).toMatchObject({ segment: 1, parent: thread.id, canResolve: false });
    // A reply to a reply joins the thread, on its line.
    const nested = await comment(ada.cookie, ada.id, { text: 'Confirmed.', parent: reply.id });
    expect(nested.json<CommentDto>()).toMatchObject({ parent: thread.id, segment: 1 });

    const resolved = await change(ada.cookie, thread.id, { resolved: true });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<CommentDto>()).toMatchObject({
      resolved: true,
      resolvedBy: { id: ada.userId, name: 'Ada Lovelace' },
    });
    const edited = await change(ada.cookie, reply.id, { text: 'It is 4.3 million.' });
    expect(edited.json<CommentDto>().text).toBe('It is 4.3 million.');

    expect((await list(ada.cookie, ada.id)).map((c) => [c.text, c.parent, c.resolved])).toEqual([
      ['Check the figure.', null, true],
      ['It is 4.3 million.', thread.id, false],
      ['Confirmed.', thread.id, false],
    ]);
    const reopened = await change(ada.cookie, thread.id, { resolved: false });
    expect(reopened.json<CommentDto>()).toMatchObject({ resolved: false, resolvedBy: null });

    expect((await send(ada.cookie, 'DELETE', `/api/comments/${thread.id}`)).statusCode).toBe(204);
    expect(await list(ada.cookie, ada.id)).toEqual([]);
  });

  it('refuses what is not a comment with a 400 that says why, and saves nothing', async () => {
    const ada = await uploader();
    const other = await uploader();
    const thread = (
      await comment(ada.cookie, ada.id, { segment: 0, text: 'Hi' })
    ).json<CommentDto>();
    const reply = (
      await comment(ada.cookie, ada.id, { text: 'Hello', parent: thread.id })
    ).json<CommentDto>();
    const elsewhere = (
      await comment(other.cookie, other.id, { segment: 0, text: 'Mine' })
    ).json<CommentDto>();
    const refusals: Array<[object, RegExp]> = [
      [
        { segment: 3, text: 'Past the end' },
        /There is no line 3 in this transcript: lines are numbered 0 to 2/,
      ],
      [{ segment: -1, text: 'Negative' }, /segment is the index of a line/],
      [{ segment: 1.5, text: 'Half' }, /segment is the index of a line/],
      [{ text: 'Where?' }, /Send the line’s index as "segment"/],
      [{ segment: 0, text: '   ' }, /A comment is 1 to 5000 characters/],
      [
        { segment: 0, text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
        /A comment is 1 to 5000 characters/,
      ],
      [{ segment: 0, text: 'Reply', parent: elsewhere.id }, /no longer exists/],
      [{ segment: 2, text: 'Reply', parent: thread.id }, /A reply is on its thread’s line \(0\)/],
    ];
    for (const [payload, message] of refusals) {
      const response = await comment(ada.cookie, ada.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const resolvingReply = await change(ada.cookie, reply.id, { resolved: true });
    expect(resolvingReply.statusCode).toBe(400);
    expect(resolvingReply.json<{ message: string }>().message).toMatch(/Only a thread is resolved/);
    expect((await change(ada.cookie, thread.id, {})).statusCode).toBe(400);
    expect((await change(ada.cookie, thread.id, { text: '' })).statusCode).toBe(400);
    expect((await list(ada.cookie, ada.id)).map((c) => c.text)).toEqual(['Hi', 'Hello']);
  });

  it('answers 404 for someone else’s transcription, its comments and highlights', async () => {
    const ada = await uploader();
    const mallory = await signUp(app);
    const thread = (
      await comment(ada.cookie, ada.id, { segment: 0, text: 'Private' })
    ).json<CommentDto>();
    const highlight = (
      await send(ada.cookie, 'POST', `/api/transcriptions/${ada.id}/highlights`, {
        segment: 0,
        start: 0,
        end: 7,
      })
    ).json<HighlightDto>();
    const attempts: Array<[string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['list', 'GET', `/api/transcriptions/${ada.id}/comments`],
      ['comment', 'POST', `/api/transcriptions/${ada.id}/comments`, { segment: 0, text: 'Hi' }],
      ['edit', 'PATCH', `/api/comments/${thread.id}`, { text: 'Mine now' }],
      ['resolve', 'PATCH', `/api/comments/${thread.id}`, { resolved: true }],
      ['delete', 'DELETE', `/api/comments/${thread.id}`],
      ['highlights', 'GET', `/api/transcriptions/${ada.id}/highlights`],
      [
        'highlight',
        'POST',
        `/api/transcriptions/${ada.id}/highlights`,
        { segment: 0, start: 0, end: 3 },
      ],
      ['unhighlight', 'DELETE', `/api/highlights/${highlight.id}`],
      ['stream', 'GET', `/api/transcriptions/${ada.id}/comments/events`],
    ];
    for (const [what, method, url, payload] of attempts) {
      const response = await send(mallory.cookie, method, url, payload);
      expect(response.statusCode, what).toBe(404);
    }
    expect(await list(ada.cookie, ada.id)).toMatchObject([{ text: 'Private', resolved: false }]);
  });

  it('lets each team role comment, and resolve, edit or delete only what its role allows', async () => {
    const { owner, id, members } = await teamTranscription(['admin', 'editor', 'viewer']);
    const { admin, editor, viewer } = members;
    const outsider = await signUp(app);
    expect((await comment(outsider.cookie, id, { segment: 0, text: 'Hi' })).statusCode).toBe(404);
    expect(
      (await send(outsider.cookie, 'GET', `/api/transcriptions/${id}/comments`)).statusCode,
    ).toBe(404);

    const ownerThread = (
      await comment(owner.cookie, id, { segment: 0, text: 'Owner asks' })
    ).json<CommentDto>();
    const viewerSays = await comment(viewer.cookie, id, { segment: 2, text: 'Viewer notes' });
    expect(viewerSays.statusCode).toBe(201);
    const viewerThread = viewerSays.json<CommentDto>();
    const viewerReply = (
      await comment(viewer.cookie, id, { text: 'Viewer answers', parent: ownerThread.id })
    ).json<CommentDto>();

    // What the viewer is told it may do, and what the server does when it tries.
    const seenByViewer = await list(viewer.cookie, id);
    expect(seenByViewer.find((c) => c.id === ownerThread.id)).toMatchObject({
      canEdit: false,
      canDelete: false,
      canResolve: false,
    });
    expect(seenByViewer.find((c) => c.id === viewerThread.id)).toMatchObject({
      canEdit: true,
      canDelete: true,
      canResolve: true,
    });
    const refusedResolve = await change(viewer.cookie, ownerThread.id, { resolved: true });
    expect(refusedResolve.statusCode).toBe(403);
    expect(refusedResolve.json<{ message: string }>().message).toMatch(
      /only the threads you started/,
    );
    expect((await change(viewer.cookie, ownerThread.id, { text: 'Rewritten' })).statusCode).toBe(
      403,
    );
    expect(
      (await send(viewer.cookie, 'DELETE', `/api/comments/${ownerThread.id}`)).statusCode,
    ).toBe(403);
    expect((await change(viewer.cookie, viewerThread.id, { resolved: true })).statusCode).toBe(200);

    // An editor resolves anyone's thread, but rewrites and deletes only its own words.
    expect(
      (await change(editor.cookie, ownerThread.id, { resolved: true })).json<CommentDto>(),
    ).toMatchObject({
      resolved: true,
      resolvedBy: { name: 'Editor Member' },
    });
    const editorRewrite = await change(editor.cookie, viewerReply.id, { text: 'Edited' });
    expect(editorRewrite.statusCode).toBe(403);
    expect(editorRewrite.json<{ message: string }>().message).toBe(
      'Only its author can change the words of a comment.',
    );
    expect(
      (await send(editor.cookie, 'DELETE', `/api/comments/${viewerThread.id}`)).statusCode,
    ).toBe(403);

    // An admin deletes anyone's thread, and its replies go with it.
    expect((await send(admin.cookie, 'DELETE', `/api/comments/${ownerThread.id}`)).statusCode).toBe(
      204,
    );
    expect((await list(owner.cookie, id)).map((c) => c.text)).toEqual(['Viewer notes']);

    // A member whose account is deleted is still quoted, as "Deleted user".
    await app.database.db.delete(user).where(eq(user.id, viewer.userId));
    expect(await list(owner.cookie, id)).toMatchObject([
      {
        text: 'Viewer notes',
        author: { id: null, name: 'Deleted user' },
        canEdit: false,
        canDelete: true,
      },
    ]);
  });

  it('takes an API key as its user', async () => {
    const ada = await uploader();
    const key = (await send(ada.cookie, 'POST', '/api/keys', { name: 'Script' })).json<{
      key: string;
    }>().key;
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${ada.id}/comments`,
      headers: { authorization: `Bearer ${key}` },
      payload: { segment: 2, text: 'From a script' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<CommentDto>().author).toEqual({ id: ada.userId, name: 'Ada Lovelace' });
  });

  it('highlights a span of a line, checked against the line, removable by its author', async () => {
    const { owner, id, members } = await teamTranscription(['viewer']);
    const line = SAMPLE_SEGMENTS[1]?.text ?? '';
    const highlight = (cookie: string, payload: object) =>
      send(cookie, 'POST', `/api/transcriptions/${id}/highlights`, payload);
    const created = await highlight(members.viewer.cookie, { segment: 1, start: 0, end: 5 });
    expect(created.statusCode).toBe(201);
    expect(created.json<HighlightDto>()).toMatchObject({
      segment: 1,
      start: 0,
      end: 5,
      author: { id: members.viewer.userId, name: 'Viewer Member' },
    });
    const whole = (
      await highlight(owner.cookie, { segment: 1, start: 0, end: line.length })
    ).json<HighlightDto>();

    for (const payload of [
      { segment: 1, start: 3, end: 3 },
      { segment: 1, start: 5, end: 2 },
      { segment: 1, start: 0, end: line.length + 1 },
      { segment: 7, start: 0, end: 1 },
      { segment: 1, start: -1, end: 2 },
    ]) {
      const refused = await highlight(owner.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await highlight(owner.cookie, { segment: 1, start: 0, end: line.length + 1 })).json<{
        message: string;
      }>().message,
    ).toBe(
      `A highlight spans at least one character of its line: 0 ≤ start < end ≤ ${line.length} on line 1.`,
    );

    const listed = await send(members.viewer.cookie, 'GET', `/api/transcriptions/${id}/highlights`);
    expect(listed.json<HighlightDto[]>().map((h) => [h.start, h.end])).toEqual([
      [0, 5],
      [0, line.length],
    ]);
    expect(
      (await send(members.viewer.cookie, 'DELETE', `/api/highlights/${whole.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await send(owner.cookie, 'DELETE', `/api/highlights/${created.json<HighlightDto>().id}`))
        .statusCode,
    ).toBe(204);
    const left = await send(owner.cookie, 'GET', `/api/transcriptions/${id}/highlights`);
    expect(left.json<HighlightDto[]>().map((h) => h.id)).toEqual([whole.id]);
  });

  it('keeps a comment on its index when lines are removed', async () => {
    const ada = await uploader();
    await comment(ada.cookie, ada.id, { segment: 2, text: 'On the last line' });
    await patchTranscript(app, ada.cookie, ada.id, { segments: SAMPLE_SEGMENTS.slice(0, 1) });
    expect(await list(ada.cookie, ada.id)).toMatchObject([
      { segment: 2, text: 'On the last line' },
    ]);
    const json = await send(ada.cookie, 'GET', `/api/download/${ada.id}?format=json&comments=true`);
    expect(json.json<{ comments: unknown[] }>().comments).toMatchObject([
      { segment: 2, line: null },
    ]);
  });

  async function discussedTranscript() {
    const ada = await uploader();
    const bob = await signUp(app, { name: 'Bob Byline' });
    const thread = (
      await comment(ada.cookie, ada.id, { segment: 1, text: 'Source for this?' })
    ).json<CommentDto>();
    await comment(ada.cookie, ada.id, { text: 'The annual report.', parent: thread.id });
    await change(ada.cookie, thread.id, { resolved: true });
    await comment(ada.cookie, ada.id, { segment: 2, text: 'Which office?' });
    return { ada, bob };
  }

  it('puts the comment threads in the JSON download when asked, and only then', async () => {
    const { ada } = await discussedTranscript();
    const plain = await send(ada.cookie, 'GET', `/api/download/${ada.id}?format=json`);
    expect(plain.json<object>()).not.toHaveProperty('comments');
    const response = await send(
      ada.cookie,
      'GET',
      `/api/download/${ada.id}?format=json&comments=true`,
    );
    expect(response.statusCode).toBe(200);
    const document = response.json<{ comments: unknown[] }>();
    expect(document.comments).toMatchObject([
      {
        segment: 1,
        line: SAMPLE_SEGMENTS[1]?.text,
        author: 'Ada Lovelace',
        text: 'Source for this?',
        resolved: true,
        resolvedBy: 'Ada Lovelace',
        replies: [{ author: 'Ada Lovelace', text: 'The annual report.' }],
      },
      { segment: 2, text: 'Which office?', resolved: false, resolvedBy: null, replies: [] },
    ]);
    expect(
      (await send(ada.cookie, 'GET', `/api/download/${ada.id}?format=json&comments=maybe`))
        .statusCode,
    ).toBe(400);
  });

  it('puts the comments in the Word download as Word comments on their lines', async () => {
    const { ada } = await discussedTranscript();
    const response = await send(
      ada.cookie,
      'GET',
      `/api/download/${ada.id}?format=docx&comments=true`,
    );
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const commentsXml = (await zip.file('word/comments.xml')?.async('string')) ?? '';
    const texts = [...commentsXml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(texts).toEqual(['Source for this?', 'The annual report.', 'Which office?']);
    expect(commentsXml).toContain('w:author="Ada Lovelace"');
    const documentXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    // The first thread marks the second line's words exactly.
    const marked = /<w:commentRangeStart w:id="0"\/>([\s\S]*?)<w:commentRangeEnd w:id="0"\/>/.exec(
      documentXml,
    );
    const markedText = [...(marked?.[1] ?? '').matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map((m) => m[1])
      .join('');
    expect(markedText).toBe(SAMPLE_SEGMENTS[1]?.text);
    // The words read as they do without comments.
    const plain = await send(ada.cookie, 'GET', `/api/download/${ada.id}?format=docx`);
    expect(await docxParagraphTexts(response.rawPayload)).toEqual(
      await docxParagraphTexts(plain.rawPayload),
    );
    expect(
      await JSZip.loadAsync(plain.rawPayload).then((z) => z.file('word/comments.xml')),
    ).toBeNull();
  });

  it('tells an open workbench when the comments change', async () => {
    const ada = await uploader();
    const baseUrl = await listen(app);
    const abort = new AbortController();
    const stream = await fetch(`${baseUrl}/api/transcriptions/${ada.id}/comments/events`, {
      headers: { accept: 'text/event-stream', ...asUser(ada.cookie) },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await comment(ada.cookie, ada.id, { segment: 0, text: 'Live' });
    let received = '';
    while (!received.includes('event: comments')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    abort.abort();
    expect(received).toContain('event: comments');
  });
});
