import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWhisperService } from '../fixtures/speech/fake-whisper-service.js';
import { makeTempDirectory, run } from '../fixtures/speech/speech-fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../fixtures/mail/smtp-inbox.js';
import { SAME_ORIGIN, signUpConfirmed } from './support/accounts.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from './support/test-app.js';

/** Near-silence (faint noise) as MP3: cheap to make and to transcribe, any length. */
async function quietAudio(directory: string, name: string, seconds: number): Promise<string> {
  const output = `${directory}/${name}`;
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=r=16000:a=0.002:d=${seconds}`,
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '32k',
    '-y',
    output,
  ]);
  return output;
}

describe('"your transcript is ready" email', () => {
  let inbox: SmtpInbox;
  let app: TestApp;
  let baseUrl: string;
  let files: { long: string; short: string; cleanup: () => Promise<void> };
  let whisperService: Awaited<ReturnType<typeof startFakeWhisperService>>;

  beforeAll(async () => {
    const fixtures = await makeTempDirectory('transcript-ready-');
    files = {
      long: await quietAudio(fixtures.path, 'long.mp3', 301),
      short: await quietAudio(fixtures.path, 'short.mp3', 20),
      cleanup: fixtures.remove,
    };
    inbox = await startSmtpInbox();
    // A local OpenAI-compatible service: five minutes of audio in seconds, which is all this needs.
    whisperService = await startFakeWhisperService();
    // One job at a time: when a later job's email has arrived, every earlier job has been told.
    app = await createTestApp('pglite', {
      env: {
        SMTP_URL: inbox.url,
        RUN_WORKERS: 'true',
        WORKER_CONCURRENCY: '1',
        TRANSCRIPTION_ENGINE: 'openai',
        TRANSCRIPTION_API_URL: whisperService.baseUrl,
      },
    });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
    await whisperService.close();
    await files.cleanup();
  });

  async function proUser() {
    const account = await signUpConfirmed(app, inbox);
    await makeUserPro(app, account.userId);
    return account;
  }

  async function transcribe(cookie: string, path: string, filename: string) {
    const response = await uploadFile(baseUrl, cookie, path, { filename });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const done = await waitForTranscription<{ status: string }>(baseUrl, cookie, id);
    expect(done.status).toBe('completed');
    return id;
  }

  const preferences = (cookie: string, transcriptReady?: boolean) =>
    app.server.inject({
      method: transcriptReady === undefined ? 'GET' : 'PUT',
      url: '/api/account/email-preferences',
      headers: { ...SAME_ORIGIN, cookie },
      ...(transcriptReady === undefined ? {} : { payload: { transcriptReady } }),
    });

  const readyEmails = (to: string) =>
    inbox.messages.filter((m) => m.to.includes(to) && m.subject.endsWith('is ready'));

  it('emails only for over 5 minutes transcribed, and never someone who opted out', async () => {
    const quiet = await proUser();
    expect((await preferences(quiet.cookie)).json()).toEqual({
      emailAvailable: true,
      transcriptReady: true,
    });
    expect((await preferences(quiet.cookie, false)).statusCode).toBe(200);
    expect((await preferences(quiet.cookie)).json()).toMatchObject({ transcriptReady: false });
    await transcribe(quiet.cookie, files.long, 'opted-out.mp3');
    // The free plan transcribes the first 30 seconds: nothing long to wait for.
    const free = await signUpConfirmed(app, inbox);
    await transcribe(free.cookie, files.long, 'free-long.mp3');
    const owner = await proUser();
    await transcribe(owner.cookie, files.short, 'short-memo.mp3');
    const id = await transcribe(owner.cookie, files.long, 'long-interview.mp3');

    const mail = await inbox.waitFor(owner.email, (m) => m.subject.endsWith('is ready'));
    expect(mail.subject).toBe('Your transcript of long-interview.mp3 is ready');
    expect(mail.text).toContain(`${TEST_BASE_URL}/transcription/${id}`);
    expect(mail.text).toContain(`${TEST_BASE_URL}/account`);
    // Jobs ran one at a time, so every earlier job had its chance to email before this one.
    expect(readyEmails(owner.email)).toHaveLength(1);
    expect(readyEmails(quiet.email)).toEqual([]);
    expect(readyEmails(free.email)).toEqual([]);
  });

  it('refuses a malformed preference and a signed-out caller', async () => {
    const account = await proUser();
    const bad = await app.server.inject({
      method: 'PUT',
      url: '/api/account/email-preferences',
      headers: { ...SAME_ORIGIN, cookie: account.cookie },
      payload: { transcriptReady: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await preferences(account.cookie)).json()).toMatchObject({ transcriptReady: true });
    const anonymous = await app.server.inject({ url: '/api/account/email-preferences' });
    expect(anonymous.statusCode).toBe(401);
  });
});
