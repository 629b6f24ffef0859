import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overCapMessage, type RetentionDto } from '../../src/core/api/retention.js';
import type { TeamRole } from '../../src/core/api/team-values.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { teamMembers, teams, transcriptions } from '../../src/server/db/schema.js';
import { applyRetention } from '../../src/server/retention/apply-retention.js';
import { ONLY_ADMINS_SET_RETENTION } from '../../src/server/teams/team-retention.routes.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe.each([...kinds.map((kind) => [kind, null] as const), ['pglite', 60] as const])(
  'a team’s retention on %s (cap %s)',
  (kind, maxDays) => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(
        kind,
        maxDays === null ? {} : { env: { RETENTION_MAX_DAYS: String(maxDays) } },
      );
    });
    afterAll(async () => {
      await app.close();
    });

    const request = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
      app.server.inject({ method, url, headers: asUser(cookie), ...(payload ? { payload } : {}) });

    async function teamOf(members: Array<[string, TeamRole]>): Promise<string> {
      const teamId = randomUUID();
      await app.database.db.insert(teams).values({ id: teamId, name: 'Newsroom' });
      await app.database.db
        .insert(teamMembers)
        .values(members.map(([userId, role]) => ({ teamId, userId, role })));
      return teamId;
    }

    async function inTeam(teamId: string, transcriptionId: string) {
      await app.database.db
        .update(transcriptions)
        .set({ teamId })
        .where(eq(transcriptions.id, transcriptionId));
    }

    it('admins choose it, members read it, others never see it', async () => {
      const [owner, admin, editor, outsider] = [
        await signUp(app),
        await signUp(app),
        await signUp(app),
        await signUp(app),
      ];
      const teamId = await teamOf([
        [owner.userId, 'owner'],
        [admin.userId, 'admin'],
        [editor.userId, 'editor'],
      ]);
      const url = `/api/teams/${teamId}/retention`;
      expect((await request(editor.cookie, 'GET', url)).json()).toEqual({
        audioDays: null,
        transcriptDays: null,
        maxDays,
      });
      const chosen = { audioDays: 7, transcriptDays: 30 };
      const saved = await request(admin.cookie, 'PUT', url, chosen);
      expect(saved.statusCode).toBe(200);
      expect(saved.json<RetentionDto>()).toEqual({ ...chosen, maxDays });
      expect((await request(owner.cookie, 'GET', url)).json()).toEqual({ ...chosen, maxDays });

      const byEditor = await request(editor.cookie, 'PUT', url, {
        audioDays: null,
        transcriptDays: null,
      });
      expect(byEditor.statusCode).toBe(403);
      expect(byEditor.json<{ message: string }>().message).toBe(ONLY_ADMINS_SET_RETENTION);
      for (const method of ['GET', 'PUT'] as const) {
        const refused = await request(outsider.cookie, method, url, chosen);
        expect(refused.statusCode).toBe(404);
        expect(refused.json<{ message: string }>().message).toBe('Team not found');
      }
      if (maxDays !== null) {
        const over = await request(owner.cookie, 'PUT', url, {
          audioDays: null,
          transcriptDays: 90,
        });
        expect(over.statusCode).toBe(400);
        expect(over.json<{ message: string }>().message).toBe(overCapMessage(maxDays));
      }
      // Nothing a refusal sent was kept.
      expect((await request(owner.cookie, 'GET', url)).json()).toEqual({ ...chosen, maxDays });
    });

    it("the team's transcriptions follow the team's days, not their uploader's", async () => {
      const [owner, uploader] = [await signUp(app), await signUp(app)];
      const teamId = await teamOf([
        [owner.userId, 'owner'],
        [uploader.userId, 'editor'],
      ]);
      const put = await request(owner.cookie, 'PUT', `/api/teams/${teamId}/retention`, {
        audioDays: 7,
        transcriptDays: 30,
      });
      expect(put.statusCode).toBe(200);
      // The uploader keeps everything of their own.
      const teamOld = await insertTranscript(app, uploader.userId, { createdAt: daysAgo(31) });
      const teamRecent = await insertTranscript(app, uploader.userId, { createdAt: daysAgo(10) });
      const ownOld = await insertTranscript(app, uploader.userId, { createdAt: daysAgo(31) });
      await inTeam(teamId, teamOld.id);
      await inTeam(teamId, teamRecent.id);

      const recentDto = (
        await request(uploader.cookie, 'GET', `/api/transcriptions/${teamRecent.id}`)
      ).json<TranscriptionDto>();
      expect(Date.parse(recentDto.deletesAt ?? '')).toBe(
        Date.parse(recentDto.createdAt) + 30 * DAY,
      );
      const ownDto = (
        await request(uploader.cookie, 'GET', `/api/transcriptions/${ownOld.id}`)
      ).json<TranscriptionDto>();
      expect(ownDto.deletesAt).toBe(
        maxDays === null
          ? null
          : new Date(Date.parse(ownDto.createdAt) + maxDays * DAY).toISOString(),
      );

      const done = await applyRetention({
        database: app.database,
        storage: app.storage,
        signals: app.signals,
        announce: app.announce,
        maxDays: app.config.retentionMaxDays,
      });
      expect(done).toEqual({ transcripts: 1, recordings: 1 });
      expect(
        (await request(uploader.cookie, 'GET', `/api/transcriptions/${teamOld.id}`)).statusCode,
      ).toBe(404);
      const trimmed = (
        await request(uploader.cookie, 'GET', `/api/transcriptions/${teamRecent.id}`)
      ).json<TranscriptionDto>();
      expect(trimmed).toMatchObject({ recordingDeleted: true });
      const own = await request(uploader.cookie, 'GET', `/api/transcriptions/${ownOld.id}`);
      expect(own.json<TranscriptionDto>()).toMatchObject({ recordingDeleted: false });
    });
  },
);
