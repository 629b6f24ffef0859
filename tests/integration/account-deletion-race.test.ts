import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishAccountDeletions } from '../../src/server/account-deletion/finish-account-deletions.js';
import { transcriptions } from '../../src/server/db/schema.js';
import { ACCOUNT_DELETED_MESSAGE } from '../../src/server/quota/assert-account-active.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen } from './support/http.js';
import { MULTIPART_TAIL, multipartHead, rawUpload } from './support/raw-upload.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { KEY_CHECK_KEY } from '../../src/server/storage/encryption/encrypting-storage.js';

const kinds = await databaseKinds();

describe.each(kinds)('deleting an account while its upload is in flight (%s)', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let fixtures: { path: string; remove: () => Promise<void> };
  let clip: SpeechClip;
  let audio: Buffer;

  beforeAll(async () => {
    fixtures = await makeTempDirectory('sonoscript-deletion-race-');
    clip = await makeSpeechClip(fixtures.path, 'quiet', [{ silence: 1 }]);
    audio = await readFile(clip.path);
    app = await createTestApp(kind);
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await fixtures.remove();
  });

  const rowsOf = (userId: string) =>
    app.database.db.select().from(transcriptions).where(eq(transcriptions.userId, userId));
  // The storage's key check stays: it is no one's audio.
  const storedAudio = async () =>
    (await readdir(app.config.audioDir)).filter((name) => name !== KEY_CHECK_KEY);
  const deleteAccount = (cookie: string) =>
    app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { confirm: true, password: 'correct horse battery' },
    });

  /** Resolves once the server is writing the upload's body (it has let the request in). */
  async function uploadBeingReceived(): Promise<void> {
    // This process's area holds only its heartbeat file until a body is being written.
    while ((await readdir(app.workDir)).length <= 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('refuses the upload once the account is gone and keeps none of it', async () => {
    const { cookie, userId } = await signUp(app);
    const half = Math.floor(audio.length / 2);
    let accountDeleted!: () => void;
    const deletion = new Promise<void>((resolve) => (accountDeleted = resolve));
    const upload = rawUpload(baseUrl, {
      cookie,
      pieces: (async function* () {
        yield multipartHead('audio', 'late.wav', 'audio/wav');
        yield audio.subarray(0, half);
        await deletion;
        yield audio.subarray(half);
        yield MULTIPART_TAIL;
      })(),
    });

    await uploadBeingReceived();
    expect((await deleteAccount(cookie)).statusCode).toBe(200);
    accountDeleted();
    const result = await upload;

    expect(result).not.toBe('aborted');
    if (result === 'aborted') return;
    expect(result.status).toBe(401);
    expect(JSON.parse(result.body)).toEqual({ message: ACCOUNT_DELETED_MESSAGE });
    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedAudio()).toEqual([]);
  });

  it('the deletion sweep removes a transcript that slipped in before the refusal existed', async () => {
    const { cookie, userId } = await signUp(app);
    expect((await deleteAccount(cookie)).statusCode).toBe(200);
    // What an upload finishing during the deletion used to leave: a row and its audio.
    const id = randomUUID();
    const audioKey = `${id}.wav`;
    const upload = `${app.workDir}/${id}.wav`;
    await writeFile(upload, audio);
    await app.storage.putFile(audioKey, upload);
    await app.database.db.insert(transcriptions).values({
      id,
      userId,
      filename: 'slipped.wav',
      durationInSeconds: 1,
      fileSize: audio.length,
      audioFormat: 'wav',
      audioKey,
    });

    await finishAccountDeletions({
      db: app.database.db,
      billing: app.billing.deps,
      storage: app.storage,
    });

    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedAudio()).toEqual([]);
  });
});
