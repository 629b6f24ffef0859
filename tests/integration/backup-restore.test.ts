import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLinkDto } from '../../src/core/api/sharing.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { signUpOverHttp, type HttpAccount } from '../fixtures/accounts/sign-up-over-http.js';
import { makeSpeechClip } from '../fixtures/speech/speech-fixtures.js';
import { runBackupCommand } from './support/backup-commands.js';
import { databaseKinds } from './support/databases.js';
import {
  createFreshPostgresDatabase,
  type FreshDatabase,
} from './support/fresh-postgres-database.js';
import { uploadFile, waitForTranscription } from './support/http.js';

const kinds = await databaseKinds();

/** Every file below `root` with its size and modification time: what "changed nothing" compares. */
async function filesOf(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  const described = await Promise.all(
    entries.map(async (entry) => {
      const stats = await stat(path.join(root, entry));
      return `${entry} ${stats.isDirectory() ? 'dir' : stats.size} ${stats.mtimeMs}`;
    }),
  );
  return described.sort();
}

describe.each(kinds)('backup and restore on %s', (kind) => {
  let scratch: string;
  let source: RunningServer | undefined;
  let restored: RunningServer | undefined;
  const databases: FreshDatabase[] = [];
  let owner: HttpAccount;
  let transcriptId: string;
  let audioBytes: Buffer;
  let shareToken: string;
  let apiKey: string;
  let editedText: string;
  let sourceEnv: Record<string, string>;
  let targetEnv: Record<string, string>;
  let backupDir: string;

  async function databaseEnv(label: string): Promise<Record<string, string>> {
    if (kind === 'pglite') return {};
    const database = await createFreshPostgresDatabase(label);
    databases.push(database);
    return { DATABASE_URL: database.url };
  }

  const send = (server: RunningServer, url: string, init: RequestInit & { cookie?: string }) =>
    fetch(`${server.baseUrl}${url}`, {
      ...init,
      headers: {
        origin: server.baseUrl,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'sonoscript-backup-'));
    const speech = await makeSpeechClip(scratch, 'clip', [{ say: 'the budget review starts now' }]);
    sourceEnv = { ...(await databaseEnv('source')) };
    source = await startServer(sourceEnv);
    sourceEnv.DATA_DIR = source.dataDir;

    // An instance in use, built through the HTTP API: an account, a transcript with an edit, a
    // share link, an API key.
    owner = await signUpOverHttp(source.baseUrl);
    const upload = await uploadFile(source.baseUrl, owner.cookie, speech.path, {
      origin: source.baseUrl,
    });
    expect(upload.status).toBe(201);
    transcriptId = ((await upload.json()) as { id: string }).id;
    const done = await waitForTranscription<TranscriptionDto>(
      source.baseUrl,
      owner.cookie,
      transcriptId,
    );
    expect(done.status).toBe('completed');
    const segments = done.segments.map((segment, index) =>
      index === 0 ? { ...segment, text: 'Edited before the backup.' } : segment,
    );
    const edit = await send(source, `/api/transcriptions/${transcriptId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: JSON.stringify({ filename: 'Budget review', segments, version: done.version }),
    });
    expect(edit.status).toBe(200);
    editedText = ((await edit.json()) as TranscriptionDto).text;
    expect(editedText).toContain('Edited before the backup.');
    const share = await send(source, `/api/transcriptions/${transcriptId}/share`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(share.status).toBe(200);
    shareToken = ((await share.json()) as ShareLinkDto).token;
    const key = await send(source, '/api/keys', {
      method: 'POST',
      cookie: owner.cookie,
      body: JSON.stringify({ name: 'nightly script' }),
    });
    expect(key.status).toBe(201);
    apiKey = ((await key.json()) as { key: string }).key;
    const audio = await send(source, `/api/transcriptions/${transcriptId}/audio`, {
      cookie: owner.cookie,
    });
    expect(audio.status).toBe(200);
    audioBytes = Buffer.from(await audio.arrayBuffer());
    expect(audioBytes.length).toBeGreaterThan(1000);

    // Backed up while the server runs, then restored into a new data folder (and database).
    backupDir = path.join(scratch, 'backup');
    const backup = await runBackupCommand('backup', [backupDir], sourceEnv);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${backupDir}`);
    targetEnv = { ...(await databaseEnv('target')), DATA_DIR: path.join(scratch, 'restored') };
    const restore = await runBackupCommand('restore', [backupDir], targetEnv);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await source.stop();
    source = undefined;
    restored = await startServer(targetEnv, { dataDir: targetEnv.DATA_DIR! });
    // A restore into a new embedded database creates it first: about a minute on 2 cores.
  }, 360_000);

  afterAll(async () => {
    await source?.stop();
    await restored?.stop();
    for (const database of databases) await database.drop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('signs the owner in with the old password and shows the edited transcript', async () => {
    const server = restored!;
    const signIn = await send(server, '/api/identity/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const detail = await send(server, `/api/transcriptions/${transcriptId}`, { cookie });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({
      filename: 'Budget review',
      status: 'completed',
      text: editedText,
      isEdited: true,
      version: 2,
    });
    // The session made before the backup is still valid: the sign-in secret came along.
    const withOldSession = await send(server, `/api/transcriptions/${transcriptId}`, {
      cookie: owner.cookie,
    });
    expect(withOldSession.status).toBe(200);
  });

  it('plays the same audio bytes and exports the edited text', async () => {
    const server = restored!;
    const audio = await send(server, `/api/transcriptions/${transcriptId}/audio`, {
      cookie: owner.cookie,
    });
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(audioBytes)).toBe(true);
    const txt = await send(server, `/api/download/${transcriptId}?format=txt`, {
      cookie: owner.cookie,
    });
    expect(txt.status).toBe(200);
    expect(await txt.text()).toContain('Edited before the backup.');
    const srt = await send(server, `/api/download/${transcriptId}?format=srt`, {
      cookie: owner.cookie,
    });
    expect(srt.status).toBe(200);
    expect(await srt.text()).toMatch(/00:00:0\d,\d{3} --> .*\nEdited before the backup\./);
  });

  it('opens the share link and accepts the API key', async () => {
    const server = restored!;
    const shared = await fetch(`${server.baseUrl}/api/shared/${shareToken}`);
    expect(shared.status).toBe(200);
    expect(await shared.json()).toMatchObject({ text: editedText });
    const sharedAudio = await fetch(`${server.baseUrl}/api/shared/${shareToken}/audio`);
    expect(Buffer.from(await sharedAudio.arrayBuffer()).equals(audioBytes)).toBe(true);
    const library = await fetch(`${server.baseUrl}/api/transcriptions`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(library.status).toBe(200);
    const items = (await library.json()) as Array<{ id: string; filename: string }>;
    expect(items).toMatchObject([{ id: transcriptId, filename: 'Budget review' }]);
  });

  it('refuses to restore into an installation that is not empty, and changes nothing', async () => {
    await restored!.stop({ keepData: true });
    restored = undefined;
    const before = await filesOf(targetEnv.DATA_DIR!);
    const countRows = async () => {
      if (!targetEnv.DATABASE_URL) return null;
      const client = new pg.Client({ connectionString: targetEnv.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ users: string; transcriptions: string }>(
          'SELECT (SELECT count(*) FROM users)::text AS users, (SELECT count(*) FROM transcriptions)::text AS transcriptions',
        );
        return rows[0];
      } finally {
        await client.end();
      }
    };
    const rowsBefore = await countRows();

    const again = await runBackupCommand('restore', [backupDir], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The target installation is not empty');
    expect(again.stderr).toContain('nothing changed');
    expect(await filesOf(targetEnv.DATA_DIR!)).toEqual(before);
    expect(await countRows()).toEqual(rowsBefore);

    // A PostgreSQL target that already has tables is refused too, even with an empty data folder.
    if (targetEnv.DATABASE_URL) {
      const emptyFolder = path.join(scratch, 'empty-folder');
      const intoUsedDatabase = await runBackupCommand('restore', [backupDir], {
        ...targetEnv,
        DATA_DIR: emptyFolder,
      });
      expect(intoUsedDatabase.code).toBe(1);
      expect(intoUsedDatabase.stderr).toMatch(/already has \d+ table\(s\) in schema "public"/);
      expect(await countRows()).toEqual(rowsBefore);
    }
  });

  it('refuses a damaged backup before touching the target', async () => {
    const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      files: Array<{ path: string }>;
    };
    const audioFile = manifest.files.find((file) => file.path.startsWith('objects/'))!;
    const damaged = path.join(backupDir, audioFile.path);
    const bytes = await readFile(damaged);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    await writeFile(damaged, bytes);
    const target = path.join(scratch, 'never-made');
    const refused = await runBackupCommand('restore', [backupDir], {
      ...(await databaseEnv('damaged')),
      DATA_DIR: target,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The backup is damaged: ${audioFile.path}`);
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
