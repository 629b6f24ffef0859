import { parseSync, type NodeCue } from 'subtitle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptSegmentDto } from '../../src/core/api/transcriptions.js';
import { EXPORT_FORMATS } from '../../src/core/api/transcription-values.js';
import { signUp } from './support/accounts.js';
import { docxParagraphs, pdfText } from './support/export-files.js';
import { databaseKinds } from './support/databases.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

/** An interview: Maria speaks two lines, Jonas one, Maria again. */
const INTERVIEW: TranscriptSegmentDto[] = [
  { start: 0, end: 4, text: 'Welcome to the budget meeting.', speaker: 'Maria' },
  { start: 4, end: 8, text: 'The forecast comes first.', speaker: 'Maria' },
  { start: 8, end: 12, text: 'Thank you, Maria.', speaker: 'Jonas' },
  { start: 12, end: 15, text: 'Let us begin.', speaker: 'Maria' },
];

const cueTexts = (text: string) =>
  parseSync(text)
    .filter((node): node is NodeCue => node.type === 'cue')
    .map((node) => node.data.text.replaceAll('\n', ' '));

describe.each(kinds)('exports with speakers on %s', (kind) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function download(segments: TranscriptSegmentDto[], format: string) {
    const { id } = await insertTranscript(app, owner.userId, {
      filename: 'Interview.wav',
      segments,
      durationInSeconds: 15,
      withoutAudio: true,
    });
    const response = await app.server.inject({
      url: `/api/download/${id}?format=${format}`,
      headers: asUser(owner.cookie),
    });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('writes TXT as a paragraph per turn, each led by the name', async () => {
    const response = await download(INTERVIEW, 'txt');
    expect(response.body).toBe(
      [
        'Maria: Welcome to the budget meeting. The forecast comes first.',
        'Jonas: Thank you, Maria.',
        'Maria: Let us begin.',
      ].join('\n\n'),
    );
  });

  it('puts the name before the text where each turn begins in SubRip', async () => {
    const response = await download(INTERVIEW, 'srt');
    expect(cueTexts(response.body)).toEqual([
      'Maria: Welcome to the budget meeting.',
      'The forecast comes first.',
      'Jonas: Thank you, Maria.',
      'Maria: Let us begin.',
    ]);
    for (const line of response.body.split('\n')) expect(line.length).toBeLessThanOrEqual(42);
  });

  it('makes each WebVTT cue a voice span of its speaker', async () => {
    const response = await download(INTERVIEW, 'vtt');
    expect(response.body).toBe(
      [
        'WEBVTT',
        '00:00:00.000 --> 00:00:04.000\n<v Maria>Welcome to the budget meeting.',
        '00:00:04.000 --> 00:00:08.000\n<v Maria>The forecast comes first.',
        '00:00:08.000 --> 00:00:12.000\n<v Jonas>Thank you, Maria.',
        '00:00:12.000 --> 00:00:15.000\n<v Maria>Let us begin.',
      ].join('\n\n') + '\n',
    );
  });

  it('gives each turn a paragraph in Word, the name in bold', async () => {
    const response = await download(INTERVIEW, 'docx');
    const paragraphs = await docxParagraphs(response.rawPayload);
    const turns = paragraphs.filter((runs) => runs[0]?.text.startsWith('['));
    expect(turns.map((runs) => runs.map((run) => run.text).join(''))).toEqual([
      '[0:00] Maria: Welcome to the budget meeting. The forecast comes first.',
      '[0:08] Jonas: Thank you, Maria.',
      '[0:12] Maria: Let us begin.',
    ]);
    for (const runs of turns) {
      const name = runs.find((run) => /^(Maria|Jonas): $/.test(run.text));
      expect(name?.bold).toBe(true);
      expect(runs.at(-1)?.bold).toBe(false);
    }
  });

  it('gives each turn a paragraph in a PDF, led by the name', async () => {
    const response = await download(INTERVIEW, 'pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(
      '[0:00] Maria: Welcome to the budget meeting. The forecast comes first. [0:08] Jonas: Thank you, Maria. [0:12] Maria: Let us begin.',
    );
  });

  it('puts the name in bold in Markdown, a paragraph per turn', async () => {
    const response = await download(INTERVIEW, 'md');
    expect(response.body).toContain(
      [
        '**[0:00]** **Maria:** Welcome to the budget meeting\\. The forecast comes first\\.',
        '**[0:08]** **Jonas:** Thank you, Maria\\.',
        '**[0:12]** **Maria:** Let us begin\\.',
      ].join('\n\n'),
    );
  });

  it('lists the speakers in order of first appearance in JSON, with one speaker too', async () => {
    const several = await download(INTERVIEW, 'json');
    expect(several.json()).toMatchObject({ speakers: ['Maria', 'Jonas'], segments: INTERVIEW });
    const one = INTERVIEW.map((segment) => ({ ...segment, speaker: 'Speaker 1' }));
    expect((await download(one, 'json')).json()).toMatchObject({
      speakers: ['Speaker 1'],
      segments: one,
    });
  });

  it('writes TXT for one voice as a paragraph per pause', async () => {
    const paused: TranscriptSegmentDto[] = [
      { start: 0, end: 3, text: 'Welcome to the budget meeting.', speaker: 'Speaker 1' },
      { start: 3.2, end: 6, text: 'The forecast comes first.', speaker: 'Speaker 1' },
      { start: 9, end: 12, text: 'Now the hiring plan.', speaker: 'Speaker 1' },
      { start: 12.4, end: 15, text: 'Two roles open in March.', speaker: 'Speaker 1' },
    ];
    expect((await download(paused, 'txt')).body).toBe(
      'Welcome to the budget meeting. The forecast comes first.\n\n' +
        'Now the hiring plan. Two roles open in March.',
    );
  });

  it('shows no name in any format when one person speaks, even a named one', async () => {
    const alone = INTERVIEW.map((segment) => ({ ...segment, speaker: 'Maria' }));
    const labelled = INTERVIEW.map((segment) => ({ ...segment, speaker: 'Speaker 1' }));
    expect((await download(alone, 'txt')).body).toBe(
      INTERVIEW.map((segment) => segment.text).join(' '),
    );
    for (const format of EXPORT_FORMATS.filter((format) => format !== 'json')) {
      const named = await download(alone, format);
      const unnamed = await download(labelled, format);
      if (format === 'docx' || format === 'pdf') {
        const read =
          format === 'pdf'
            ? pdfText
            : async (bytes: Buffer) => JSON.stringify(await docxParagraphs(bytes));
        expect(await read(named.rawPayload), format).toBe(await read(unnamed.rawPayload));
        expect(await read(named.rawPayload), format).not.toContain('Maria:');
      } else {
        expect(named.body, format).toBe(unnamed.body);
        expect(named.body, format).not.toMatch(/Maria:|<v /);
      }
    }
  });

  it('keeps a name from spoofing or breaking any format', async () => {
    /** The override, escape and bell characters a text holds. */
    const hidden = (text: string) =>
      ['\u202E', '\u001b', '\u0007'].filter((character) => text.includes(character));
    const name = 'Ève\u202E\u001b]0;pwned\u0007 <b>Boss</b> & {\\an8}\nCo';
    const segments: TranscriptSegmentDto[] = [
      { start: 0, end: 3, text: 'Hello there.', speaker: name },
      { start: 3, end: 6, text: 'Hi.', speaker: 'Jonas' },
    ];
    const bodies: Record<string, string> = {};
    for (const format of ['txt', 'srt', 'vtt', 'md'] as const) {
      bodies[format] = (await download(segments, format)).body;
      expect(hidden(bodies[format] ?? ''), format).toEqual([]);
      expect(bodies[format], format).not.toContain('pwned');
    }
    expect(bodies.txt).toBe('Ève <b>Boss</b> & {\\an8}Co: Hello there.\n\nJonas: Hi.');
    expect(cueTexts(bodies.srt ?? '')[0]).toBe('Ève Boss & Co: Hello there.');
    expect(bodies.vtt).toContain('\n<v Ève &lt;b&gt;Boss&lt;/b&gt; &amp; {\\an8}Co>Hello there.\n');
    expect(bodies.md).toContain('**Ève \\<b\\>Boss\\</b\\> & \\{\\\\an8\\}Co:** Hello there\\.');
    const docx = await docxParagraphs((await download(segments, 'docx')).rawPayload);
    const docxText = docx.map((runs) => runs.map((run) => run.text).join('')).join('\n');
    expect(docxText).toContain('[0:00] Ève <b>Boss</b> & {\\an8}Co: Hello there.');
    expect(hidden(docxText)).toEqual([]);
  });
});
