import { parseSync, type NodeCue } from 'subtitle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptSegmentDto } from '../../src/core/api/transcriptions.js';
import { signUp } from './support/accounts.js';
import { docxParagraphTexts, pdfInfo, pdfText } from './support/export-files.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript, SAMPLE_SEGMENTS } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

const LONG_SEGMENT: TranscriptSegmentDto = {
  start: 15.5,
  end: 40,
  text: 'The northern region grew by twelve percent this quarter, mostly from the new retail partners, while the southern region stayed flat because two large customers delayed their orders until next year.',
  speaker: 'Speaker 1',
};
const SEGMENTS = [
  ...SAMPLE_SEGMENTS,
  LONG_SEGMENT,
  { start: 40, end: 42, text: 'A <b>bold</b> & "quoted" claim --> noted.', speaker: 'Speaker 1' },
];

function cuesOf(text: string): NodeCue['data'][] {
  return parseSync(text)
    .filter((node): node is NodeCue => node.type === 'cue')
    .map((node) => node.data);
}

describe.each(kinds)('exports on %s', (kind) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let id: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await signUp(app);
    ({ id } = await insertTranscript(app, owner.userId, {
      filename: 'Réunion budget.mp3',
      segments: SEGMENTS,
      durationInSeconds: 42,
      createdAt: new Date('2026-03-04T09:30:00Z'),
      withoutAudio: true,
    }));
  });
  afterAll(async () => {
    await app.close();
  });

  const download = (query: string, cookie = owner.cookie) =>
    app.server.inject({ url: `/api/download/${id}${query}`, headers: asUser(cookie) });

  function expectAttachment(
    response: Awaited<ReturnType<typeof download>>,
    contentType: string,
    extension: string,
  ) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="R_union budget.${extension}"; filename*=UTF-8''R%C3%A9union%20budget.${extension}`,
    );
  }

  it('keeps the plain text download as it was, and as ?format=txt', async () => {
    for (const query of ['', '?format=txt']) {
      const response = await download(query);
      expectAttachment(response, 'text/plain; charset=utf-8', 'txt');
      expect(response.body).toBe(SEGMENTS.map((segment) => segment.text).join(' '));
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('makes SubRip subtitles a parser reads, with numbered cues of two short lines', async () => {
    const response = await download('?format=srt');
    expectAttachment(response, 'application/x-subrip; charset=utf-8', 'srt');
    expect(response.body).toMatch(/^1\n00:00:00,000 --> 00:00:04,200\nWelcome to the/);
    const numbers = response.body.split('\n\n').map((block) => block.split('\n')[0]);
    expect(numbers).toEqual(numbers.map((_, index) => String(index + 1)));
    const cues = cuesOf(response.body);
    expect(cues.length).toBeGreaterThan(SEGMENTS.length);
    for (const cue of cues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7000);
    }
    expect(cues[0]).toMatchObject({ start: 0, end: 4200 });
    expect(cues.at(-1)).toMatchObject({ start: 40000, end: 42000 });
    expect(cues.map((cue) => cue.text.replace('\n', ' ')).join(' ')).toContain(
      'twelve percent this quarter',
    );
  });

  it('makes WebVTT with its header and escaped cue text', async () => {
    const response = await download('?format=vtt');
    expectAttachment(response, 'text/vtt; charset=utf-8', 'vtt');
    expect(response.body.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:04.200\n')).toBe(true);
    const cues = cuesOf(response.body);
    expect(cues.at(-1)?.text.replace('\n', ' ')).toBe(
      'A &lt;b&gt;bold&lt;/b&gt; &amp; "quoted" claim --&gt; noted.',
    );
    expect(cues.at(-2)?.end).toBe(40000);
  });

  it('makes a Word document with the title, date, duration and timed paragraphs', async () => {
    const response = await download('?format=docx');
    expectAttachment(
      response,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    );
    const paragraphs = await docxParagraphTexts(response.rawPayload);
    expect(paragraphs).toContain('Réunion budget');
    expect(paragraphs).toContain('Date: 2026-03-04');
    expect(paragraphs).toContain('Duration: 42 s');
    expect(paragraphs).toContain('[0:04] Maria will present the forecast for the northern region.');
    expect(paragraphs).toContain('[0:40] A <b>bold</b> & "quoted" claim --> noted.');
  });

  it('makes a PDF with real text in the same layout', async () => {
    const response = await download('?format=pdf');
    expectAttachment(response, 'application/pdf', 'pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Réunion budget');
    expect(text).toContain('Duration: 42 s');
    expect(text).toContain('[0:04] Maria will present the forecast for the northern region.');
    expect(text).toContain('twelve percent this quarter');
    expect(await pdfInfo(response.rawPayload)).toMatch(/^Tagged: +yes$/m);
  });

  it('numbers each page of a PDF: "Page n of N" at its foot', async () => {
    const { id: long } = await insertTranscript(app, owner.userId, {
      filename: 'Long meeting.mp3',
      segments: Array.from({ length: 30 }, (_, index) => ({
        ...LONG_SEGMENT,
        start: index * 30,
        end: index * 30 + 25,
      })),
      withoutAudio: true,
    });
    const response = await app.server.inject({
      url: `/api/download/${long}?format=pdf`,
      headers: asUser(owner.cookie),
    });
    const text = await pdfText(response.rawPayload);
    const numbers = [...text.matchAll(/Page (\d+) of (\d+)/g)].map((match) => match.slice(1));
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual(numbers.map((_, index) => [String(index + 1), String(numbers.length)]));
    expect((await pdfText((await download('?format=pdf')).rawPayload)).trim()).toMatch(
      /Page 1 of 1$/,
    );
  });

  it('keeps non-Latin text readable in a PDF', async () => {
    const { id: cyrillic } = await insertTranscript(app, owner.userId, {
      filename: 'Интервью.wav',
      segments: [
        {
          start: 0,
          end: 3,
          text: 'Добрый день, коллеги. Zażółć gęślą jaźń.',
          speaker: 'Speaker 1',
        },
      ],
      withoutAudio: true,
    });
    const response = await app.server.inject({
      url: `/api/download/${cyrillic}?format=pdf`,
      headers: asUser(owner.cookie),
    });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Интервью');
    expect(text).toContain('Добрый день, коллеги. Zażółć gęślą jaźń.');
  });

  it('makes JSON and Markdown', async () => {
    const json = await download('?format=json');
    expectAttachment(json, 'application/json; charset=utf-8', 'json');
    expect(json.json()).toEqual({
      filename: 'Réunion budget.mp3',
      language: 'en',
      duration: 42,
      speakers: ['Speaker 1'],
      segments: SEGMENTS,
    });
    const markdown = await download('?format=md');
    expectAttachment(markdown, 'text/markdown; charset=utf-8', 'md');
    expect(markdown.body).toContain('# Réunion budget\n');
    expect(markdown.body).toContain('Date: 2026-03-04');
    expect(markdown.body).toContain(
      '**[0:04]** Maria will present the forecast for the northern region\\.',
    );
    expect(markdown.body).toContain('A \\<b\\>bold\\</b\\> & "quoted" claim \\-\\-\\> noted\\.');
  });

  it('exports the machine original after an edit, in every format', async () => {
    const edited = [{ start: 0, end: 4, text: 'Edited words only.', speaker: 'Speaker 1' }];
    const patch = await app.server.inject({
      method: 'PATCH',
      url: `/api/transcriptions/${id}`,
      headers: asUser(owner.cookie),
      payload: { segments: edited },
    });
    expect(patch.statusCode).toBe(200);
    expect((await download('')).body).toBe('Edited words only.');
    expect((await download('?format=json')).json<{ segments: unknown }>().segments).toEqual(edited);
    const original = await download('?version=original');
    expect(original.body).toBe(SEGMENTS.map((segment) => segment.text).join(' '));
    const originalJson = await download('?format=json&version=original');
    expect(originalJson.json<{ segments: unknown }>().segments).toEqual(SEGMENTS);
    const originalSrt = await download('?format=srt&version=original');
    expect(originalSrt.body).toContain('Welcome to the');
    expect(originalSrt.body).not.toContain('Edited words');
  });

  it('answers 400 to an unknown format or version, and 404 to another user', async () => {
    for (const [query, message] of [
      ['?format=exe', /format must be one of txt, srt, vtt, docx, pdf, json, md/],
      ['?format=', /format must be one of/],
      ['?version=first', /version must be "original"/],
    ] as const) {
      const response = await download(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const stranger = await signUp(app);
    for (const query of ['', '?format=pdf', '?format=srt&version=original']) {
      expect((await download(query, stranger.cookie)).statusCode).toBe(404);
    }
  });
});
