import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen, uploadFile } from '../integration/support/http.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { asUser, insertTranscript } from '../integration/support/transcripts.js';

const kinds = await databaseKinds();

/** U+202E RIGHT-TO-LEFT OVERRIDE: "evil\u202E3pm.txt" shows as "eviltxt.mp3". */
const RLO = '\u202e';
/** What a terminal obeys: C0 and C1 controls (tab and newline aside) and DEL. */
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const HOSTILE_SEGMENTS = [
  {
    start: 0,
    end: 4,
    text: 'Plain \u001b[2J\u001b[31mred\u001b[0m words\u001b]0;pwned\u0007 here\u009b2J.',
    speaker: 'Speaker 1',
  },
  {
    start: 4,
    end: 8,
    text: 'Over\rwritten\u0008 and \u0001hidden\u007f \u0085line.',
    speaker: 'Speaker 1',
  },
  {
    start: 8,
    end: 12,
    text: '<font color="red">Alarm</font> {\\an8}top <<b>b>bold <i>x</i>',
    speaker: 'Speaker 1',
  },
];

describe.each(kinds)('spoofing through names and exported text on %s', (kind) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let hostile: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await signUp(app);
    ({ id: hostile } = await insertTranscript(app, owner.userId, {
      // A name stored before names were cleaned.
      filename: `evil${RLO}3pm.exe`,
      segments: HOSTILE_SEGMENTS,
      durationInSeconds: 12,
      withoutAudio: true,
    }));
  });
  afterAll(async () => {
    await app.close();
  });

  const download = (id: string, format: string) =>
    app.server.inject({
      url: `/api/download/${id}?format=${format}`,
      headers: asUser(owner.cookie),
    });

  it('names every download without direction overrides, so its extension is the real one', async () => {
    for (const format of ['txt', 'srt', 'pdf']) {
      const response = await download(hostile, format);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="evil3pm.${format}"; filename*=UTF-8''evil3pm.${format}`,
      );
    }
  });

  it('refuses a rename that hides a direction override, and keeps the name', async () => {
    const { id } = await insertTranscript(app, owner.userId, { withoutAudio: true });
    for (const filename of [
      `invoice${RLO}fdp.exe`,
      'a\u2066b.wav',
      'a\u200fb.wav',
      'a\u0085b.wav',
    ]) {
      const response = await app.server.inject({
        method: 'PATCH',
        url: `/api/transcriptions/${id}`,
        headers: asUser(owner.cookie),
        payload: { filename },
      });
      expect(response.statusCode, JSON.stringify(filename)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        'The file name cannot contain line breaks, control characters or text direction overrides.',
      );
    }
    const current = await app.server.inject({
      url: `/api/transcriptions/${id}`,
      headers: asUser(owner.cookie),
    });
    expect(current.json<TranscriptionDto>().filename).toBe('Budget meeting.wav');
  });

  it('keeps no terminal control in TXT, SRT, VTT or Markdown, and keeps the words', async () => {
    for (const format of ['txt', 'srt', 'vtt', 'md']) {
      const response = await download(hostile, format);
      expect(response.statusCode).toBe(200);
      expect(response.body, format).not.toMatch(TERMINAL_CONTROLS);
      const words = response.body.replace(/\\/g, '');
      for (const word of ['Plain', 'red', 'words', 'here', 'Over', 'written', 'hidden', 'line']) {
        expect(words, format).toContain(word);
      }
      expect(words, format).not.toContain('pwned');
      expect(words, format).not.toContain('[31m');
    }
    expect((await download(hostile, 'txt')).body).toContain('Over\nwritten and hidden line.');
  });

  it('drops markup from SubRip cues, where players would obey it; WebVTT escapes it', async () => {
    const srt = (await download(hostile, 'srt')).body;
    expect(srt).toContain('Alarm top ‹b>bold x');
    expect(srt).not.toMatch(/<[a-z/]|\{\\/i);
    const vtt = (await download(hostile, 'vtt')).body;
    expect(vtt.replace(/\n/g, ' ')).toContain(
      '&lt;font color="red"&gt;Alarm&lt;/font&gt; {\\an8}top &lt;&lt;b&gt;b&gt;bold &lt;i&gt;x&lt;/i&gt;',
    );
  });

  it('strips direction overrides from the name of an uploaded file', async () => {
    const fixtures = await makeTempDirectory('sonoscript-spoofing-');
    try {
      const tone = path.join(fixtures.path, 'tone.wav');
      await makeTone(tone, 1);
      const baseUrl = await listen(app);
      const response = await uploadFile(baseUrl, owner.cookie, tone, {
        filename: `holiday${RLO}gpj.exe\u2069\u200e`,
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as TranscriptionDto).filename).toBe('holidaygpj.exe');
    } finally {
      await fixtures.remove();
    }
  });
});
