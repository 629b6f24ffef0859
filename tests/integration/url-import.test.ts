import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { MESSAGES } from '../../src/core/messages.js';
import { makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { getJson, listen, uploadFile } from './support/http.js';
import { importLink, startMediaServer, type MediaServer } from './support/media-server.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { leftInWorkFolder } from './support/work-folder.js';
import { KEY_CHECK_KEY } from '../../src/server/storage/encryption/encrypting-storage.js';

const kinds = await databaseKinds();
let fixtures: { path: string; remove: () => Promise<void> };
let tonePath: string;
let media: MediaServer;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-url-import-');
  tonePath = path.join(fixtures.path, 'tone.wav');
  await makeTone(tonePath, 3);
  media = await startMediaServer(tonePath);
});
afterAll(async () => {
  await media.close();
  await fixtures.remove();
});

describe.each(kinds)('import by link (%s)', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // The media server is on 127.0.0.1, allowed by name; `localhost` is not in the list.
    app = await createTestApp(kind, { env: { URL_IMPORT_ALLOW_HOSTS: '127.0.0.1' } });
    baseUrl = await listen(app);
    const { cookie } = await signUp(app);
    headers = { cookie, ...SAME_ORIGIN };
  });
  afterAll(async () => {
    await app.close();
  });

  async function leftovers() {
    const list = await getJson<TranscriptionDto[]>(
      baseUrl,
      headers.cookie ?? '',
      '/api/transcriptions',
    );
    const stored = (await readdir(app.config.audioDir, { recursive: true }).catch(() => [])).filter(
      (name) => name !== KEY_CHECK_KEY,
    );
    return { rows: list.body.length, files: [...stored, ...(await leftInWorkFolder(app))] };
  }

  /** Sends a request that must be refused, and checks that it left no row and no file behind. */
  async function expectRefused(
    send: () => Promise<Response>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await leftovers();
    const response = await send();
    const body = (await response.json()) as { message: string };
    expect({ status: response.status, message: body.message }).toEqual({
      status,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
    expect(await leftovers()).toEqual(before);
  }

  it('refuses each private, loopback, link-local, unique-local, CGNAT and metadata address written out', async () => {
    const refused: Array<[string, string]> = [
      ['http://10.0.0.1/a.mp3', 'a private network address'],
      ['http://172.16.5.4/a.mp3', 'a private network address'],
      ['http://192.168.1.1/a.mp3', 'a private network address'],
      ['http://127.0.0.2/a.mp3', 'a loopback address'],
      ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
      ['http://100.64.0.1/a.mp3', 'a carrier-grade NAT'],
      ['http://100.100.100.200/a.mp3', 'a carrier-grade NAT'],
      ['http://0.0.0.0/a.mp3', 'an unspecified address'],
      ['http://[::1]/a.mp3', 'a loopback address'],
      ['http://[fe80::1]/a.mp3', 'a link-local address'],
      ['http://[fc00::1]/a.mp3', 'a unique-local'],
      ['http://[fd00:ec2::254]/latest/meta-data/', 'a unique-local'],
      ['http://[::ffff:127.0.0.1]/a.mp3', 'a loopback address'],
      ['http://[::ffff:a9fe:a9fe]/latest/meta-data/', 'a link-local address'],
    ];
    for (const [link, words] of refused) {
      await expectRefused(
        () => importLink(baseUrl, headers, link),
        422,
        new RegExp(`^This link cannot be imported: .* is ${words}`),
      );
    }
  });

  it('imports an audio file from a host the operator allows, and queues it like an upload', async () => {
    const response = await importLink(baseUrl, headers, `${media.origin}/episode.wav`, {
      language: 'en',
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    expect(created).toMatchObject({ filename: 'episode.wav', status: 'queued' });
    expect(created.durationInSeconds).toBeCloseTo(3, 0);
    const audio = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, { headers });
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBe(created.fileSize);
    await fetch(`${baseUrl}/api/transcriptions/${created.id}`, { method: 'DELETE', headers });
    // Deleted: gone from the list and its audio unreachable (kept on disk only while restorable).
    expect((await leftovers()).rows).toBe(0);
    const gone = await fetch(`${baseUrl}/api/transcriptions/${created.id}/audio`, { headers });
    expect(gone.status).toBe(404);
  });

  it('takes video links, named by their Content-Disposition', async () => {
    const response = await importLink(baseUrl, headers, `${media.origin}/video`);
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    expect(created.filename).toBe('Interview 12.wav');
    await fetch(`${baseUrl}/api/transcriptions/${created.id}`, { method: 'DELETE', headers });
  });

  it('follows up to 5 redirects, and refuses a sixth', async () => {
    const five = await importLink(baseUrl, headers, `${media.origin}/hops/4`);
    expect(five.status).toBe(201);
    const created = (await five.json()) as TranscriptionDto;
    await fetch(`${baseUrl}/api/transcriptions/${created.id}`, { method: 'DELETE', headers });
    await expectRefused(
      () => importLink(baseUrl, headers, `${media.origin}/hops/5`),
      422,
      'This link cannot be imported: The link redirects more than 5 times.',
    );
  });

  it('refuses a name that resolves to a loopback address (localhost), checked after DNS', async () => {
    await expectRefused(
      () => importLink(baseUrl, headers, `http://localhost:${media.port}/episode.wav`),
      422,
      /^This link cannot be imported: localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    );
  });

  it('refuses a redirect from the allowed host to a private one, by name or by address', async () => {
    for (const target of [
      `http://localhost:${media.port}/episode.wav`,
      'http://192.168.0.10/episode.wav',
      'http://[::ffff:10.0.0.1]/episode.wav',
    ]) {
      await expectRefused(
        () => importLink(baseUrl, headers, `${media.origin}/to?url=${encodeURIComponent(target)}`),
        422,
        /^This link cannot be imported: /,
      );
    }
  });

  it('refuses what is not audio or video, and an error answer, saying which', async () => {
    await expectRefused(
      () => importLink(baseUrl, headers, `${media.origin}/page`),
      422,
      'The link gives text/html, not audio or video: only audio and video links can be imported.',
    );
    await expectRefused(
      () => importLink(baseUrl, headers, `${media.origin}/missing`),
      422,
      /^The link answered 404 instead of the file/,
    );
  });

  it('refuses a link that is not http(s), and a form with both a file and a link', async () => {
    await expectRefused(
      () => importLink(baseUrl, headers, 'ftp://example.com/a.mp3'),
      400,
      'The link must be a full http or https address, such as https://example.com/episode.mp3.',
    );
    await expectRefused(
      () =>
        uploadFile(baseUrl, headers.cookie, tonePath, {
          extraFields: { url: `${media.origin}/episode.wav` },
        }),
      400,
      'Send either an audio file or a link (url), not both.',
    );
  });

  it('stops reading a file that runs past the plan’s limit, and refuses one declared over it at once', async () => {
    await expectRefused(
      () => importLink(baseUrl, headers, `${media.origin}/endless.wav`),
      413,
      MESSAGES.fileTooLarge,
    );
    // The Free plan's 100 MB: the server stopped reading soon after (socket buffers aside).
    await expect.poll(() => media.streamed.closedByClient, { timeout: 10_000 }).toBe(true);
    expect(media.streamed.bytes).toBeLessThan(100 * 1024 * 1024 + 32 * 1024 * 1024);
    await expectRefused(
      () => importLink(baseUrl, headers, `${media.origin}/declared-huge.wav`),
      413,
      MESSAGES.fileTooLarge,
    );
    await expect.poll(() => media.streamed.closedByClient, { timeout: 10_000 }).toBe(true);
    expect(media.streamed.bytes).toBeLessThan(32 * 1024 * 1024);
  });
});
