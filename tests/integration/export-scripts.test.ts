import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { docxParagraphTexts, pdfText, pdfWords } from './support/export-files.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

/** One line in each script a transcript may hold. */
const LINES = {
  chinese: '我住在北京，我喜欢喝茶。',
  japanese: '私は東京都に住んでいます。',
  korean: '서울에서 만나요.',
  arabic: 'مرحبا بالعالم',
  hebrew: 'שלום עולם, זה מבחן',
  devanagari: 'नमस्ते भारत',
  cyrillic: 'Добрый день, коллеги.',
  greek: 'Καλημέρα κόσμε.',
  emoji: 'Thanks 👍 see you 😀',
};
/** Right-to-left text with a number and a Latin word inside, as people say them. */
const MIXED_HEBREW = 'הפגישה ב-10 עם Maria';
/** An emoji newer than any monochrome font Debian has. */
const NEW_EMOJI = 'Melting 🫠 face';

const segments = [...Object.values(LINES), MIXED_HEBREW, NEW_EMOJI].map((text, index) => ({
  start: index * 2,
  end: index * 2 + 2,
  text,
  speaker: 'Speaker 1',
}));

/** pdftotext marks the right-to-left runs it reorders with embedding controls: not text. */
const withoutBidiControls = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');

describe.each(kinds)('exports in every script on %s', (kind) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let id: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await signUp(app);
    ({ id } = await insertTranscript(app, owner.userId, {
      filename: 'Интервью 東京.mp3',
      segments,
      durationInSeconds: segments.length * 2,
      withoutAudio: true,
    }));
  });
  afterAll(async () => {
    await app.close();
  });

  const download = async (format: string) => {
    const response = await app.server.inject({
      url: `/api/download/${id}?format=${format}`,
      headers: asUser(owner.cookie),
    });
    expect(response.statusCode, format).toBe(200);
    return response;
  };

  it('writes every text format as UTF-8, says so, and adds no byte-order mark', async () => {
    for (const format of ['txt', 'srt', 'vtt', 'md', 'json']) {
      const response = await download(format);
      expect(response.headers['content-type'], format).toMatch(/; charset=utf-8$/);
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), format).toBe(false);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      for (const line of Object.values(LINES)) {
        // Markdown escapes its own punctuation (the full stop); the letters are as spoken.
        expect(text.replaceAll('\\.', '.'), `${format}: ${line}`).toContain(line);
      }
    }
  });

  it('writes every script into a PDF as real text, with subset fonts embedded', async () => {
    const response = await download('pdf');
    const text = withoutBidiControls(await pdfText(response.rawPayload));
    expect(text).toContain('Интервью 東京');
    for (const [script, line] of Object.entries(LINES)) {
      if (script !== 'arabic' && script !== 'hebrew') expect(text, script).toContain(line);
    }
    const fonts = response.rawPayload.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g);
    expect(new Set(fonts)).toEqual(
      new Set([
        expect.stringMatching(/\+DejaVuSans$/),
        expect.stringMatching(/\+DejaVuSans-Bold$/),
        expect.stringMatching(/\+Lohit-Devanagari$/),
        expect.stringMatching(/\+DroidSansFallback$/),
        expect.stringMatching(/\+Symbola$/),
      ]),
    );
  });

  it('lays Hebrew and Arabic out right to left, each word and the line', async () => {
    const bytes = (await download('pdf')).rawPayload;
    // Read back as text, each right-to-left run comes in spoken order, its letters too.
    const text = withoutBidiControls(await pdfText(bytes));
    for (const run of [LINES.arabic, 'שלום עולם', 'זה מבחן', 'הפגישה ב', 'עם']) {
      expect(text, run).toContain(run);
    }
    expect(text).not.toContain('עולם שלום');
    // Where they are drawn: a line's words from right to left in spoken order, the time first,
    // at the right margin.
    const words = await pdfWords(bytes);
    const drawn = (word: string, timeOnLine: string) => {
      const time = words.find((candidate) => candidate.text === timeOnLine);
      // pdftotext gives the letters as drawn: right to left, that is reversed.
      const found = words.find(
        (candidate) =>
          candidate.yMin === time?.yMin && Array.from(candidate.text).reverse().join('') === word,
      );
      expect(found, word).toBeDefined();
      return found?.xMin ?? Number.NaN;
    };
    const rightToLeft = (timeOnLine: string, spoken: string[]) => {
      const time = words.find((candidate) => candidate.text === timeOnLine);
      const places = spoken.map((word) => drawn(word, timeOnLine));
      expect(places, spoken.join(' ')).toEqual([...places].sort((a, b) => b - a));
      expect(time?.xMin, timeOnLine).toBeGreaterThan(places[0] ?? Number.POSITIVE_INFINITY);
      expect(time?.xMax, timeOnLine).toBeCloseTo(595.28 - 56, 0);
    };
    rightToLeft('[0:06]', ['مرحبا', 'بالعالم']);
    rightToLeft('[0:08]', ['שלום', 'עולם,', 'זה', 'מבחן']);
    rightToLeft('[0:18]', ['הפגישה', 'עם']);
    const maria = words.find((candidate) => candidate.text === 'Maria');
    expect(maria?.xMin).toBeLessThan(drawn('עם', '[0:18]'));
  });

  it('shows an emoji no font has as [emoji], never as an empty box', async () => {
    const text = await pdfText((await download('pdf')).rawPayload);
    expect(text).toContain('Melting [emoji] face');
    expect(text).not.toContain('🫠');
  });

  it('writes every script into a Word document, right-to-left paragraphs marked so', async () => {
    const bytes = (await download('docx')).rawPayload;
    const paragraphs = await docxParagraphTexts(bytes);
    expect(paragraphs).toContain('Интервью 東京');
    for (const [index, segment] of segments.entries()) {
      expect(paragraphs).toContain(`[0:${String(index * 2).padStart(2, '0')}] ${segment.text}`);
    }
    const xml =
      (await (await JSZip.loadAsync(bytes)).file('word/document.xml')?.async('string')) ?? '';
    const paragraphOf = (text: string) =>
      [...xml.matchAll(/<w:p>[\s\S]*?<\/w:p>/g)]
        .map((match) => match[0])
        .find((p) => p.includes(text)) ?? '';
    for (const line of [LINES.hebrew, LINES.arabic, 'הפגישה']) {
      expect(paragraphOf(line), line).toContain('<w:bidi/>');
      expect(paragraphOf(line), line).toContain('<w:rtl/>');
    }
    expect(paragraphOf(LINES.cyrillic)).not.toContain('<w:bidi');
    expect(paragraphOf(LINES.japanese)).toMatch(/<w:rFonts [^>]*w:eastAsia="Yu Gothic"/);
    expect(paragraphOf(LINES.chinese)).toMatch(/<w:rFonts [^>]*w:eastAsia="Microsoft YaHei"/);
    expect(paragraphOf(LINES.korean)).toMatch(/<w:rFonts [^>]*w:eastAsia="Malgun Gothic"/);
    expect(paragraphOf(LINES.devanagari)).toMatch(/<w:rFonts [^>]*w:cs="Nirmala UI"/);
  });
});
