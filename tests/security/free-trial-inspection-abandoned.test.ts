import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory, run } from '../fixtures/speech/speech-fixtures.js';
import { listen } from '../integration/support/http.js';
import { BOUNDARY, MULTIPART_TAIL, multipartHead } from '../integration/support/raw-upload.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { leftInWorkFolder } from '../integration/support/work-folder.js';
import { ffmpegChildren, waitUntil, type ChildProcessInfo } from './support/child-processes.js';

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
/**
 * Six hours of raw AAC (ADTS states no duration, so it is measured from its packets): ten
 * seconds encoded once and repeated, as ADTS frames stand alone. Seconds of ffmpeg's CPU to read.
 */
let longAdts: string;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-inspection-');
  const tenSeconds = path.join(fixtures.path, 'ten.aac');
  await run('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-t',
    '10',
    '-i',
    'anullsrc=channel_layout=mono:sample_rate=96000',
    '-c:a',
    'aac',
    '-b:a',
    '8k',
    '-f',
    'adts',
    tenSeconds,
  ]);
  const frames = await readFile(tenSeconds);
  longAdts = path.join(fixtures.path, 'six-hours.aac');
  await writeFile(longAdts, Buffer.concat(Array.from({ length: 6 * 360 }, () => frames)));
});
afterAll(() => fixtures?.remove());

describe('a free trial whose visitor leaves while the upload is being checked', () => {
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // A budget far beyond this file, so only the visitor leaving can stop the check.
    app = await createTestApp('pglite', { env: { AUDIO_INSPECT_SECONDS: '600' } });
    baseUrl = await listen(app);
  });
  afterAll(() => app?.close());

  it("kills the check's ffmpeg when the visitor disconnects, and removes the upload", async () => {
    const body = Buffer.concat([
      multipartHead('audio', 'long.aac', 'audio/aac'),
      await readFile(longAdts),
      MULTIPART_TAIL,
    ]);
    const visitor = request(new URL('/api/transcribe/free-trial', baseUrl), {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': body.length,
      },
    });
    visitor.on('error', () => undefined);
    visitor.end(body);

    // ffprobe first, then the ffmpeg that reads every packet to measure the duration.
    let measuring: ChildProcessInfo | undefined;
    await waitUntil(
      async () => {
        measuring = (await ffmpegChildren()).find((child) => child.name === 'ffmpeg');
        return measuring !== undefined;
      },
      120_000,
      'measuring',
    );
    const atLeave = measuring as ChildProcessInfo;
    visitor.destroy();

    // Its CPU time is followed until it is gone: left running, it would read the six hours to the end.
    let used = atLeave.cpuSeconds;
    await waitUntil(
      async () => {
        const now = (await ffmpegChildren()).find((child) => child.pid === atLeave.pid);
        if (now) used = now.cpuSeconds;
        return now === undefined;
      },
      120_000,
      'stopped',
    );
    expect(used - atLeave.cpuSeconds).toBeLessThan(0.5);
    await waitUntil(async () => (await leftInWorkFolder(app)).length === 0, 30_000, 'cleaned up');
  });
});
