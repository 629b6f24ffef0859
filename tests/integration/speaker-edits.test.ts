import { segmentsWithWords } from '../../src/server/speech/engines/segment-words.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OriginalTranscriptDto,
  TranscriptSegmentDto,
  TranscriptionDto,
} from '../../src/core/api/transcriptions.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import {
  asUser,
  insertTranscript,
  patchTranscript,
  readTranscript,
} from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

/** An interview as detection leaves it: two voices taking turns. */
const INTERVIEW: TranscriptSegmentDto[] = [
  { start: 0, end: 3, text: 'Thank you for coming in today.', speaker: 'Speaker 1' },
  { start: 3, end: 7, text: 'Happy to be here, thanks for having me.', speaker: 'Speaker 2' },
  { start: 7, end: 10, text: 'Tell us about the new library.', speaker: 'Speaker 1' },
  {
    start: 10,
    end: 15,
    text: 'It opens in March, on the old market square.',
    speaker: 'Speaker 2',
  },
];
const TEXT = INTERVIEW.map((segment) => segment.text).join(' ');

const speakersOf = (transcript: { segments: TranscriptSegmentDto[] }) =>
  transcript.segments.map((segment) => segment.speaker);

describe.each(kinds)('naming speakers and giving lines to them on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  async function interview() {
    const user = await signUp(app);
    const { id } = await insertTranscript(app, user.userId, {
      segments: INTERVIEW,
      withoutAudio: true,
    });
    return { ...user, id };
  }

  const patch = (cookie: string, id: string, payload: unknown, headers = {}) =>
    patchTranscript(app, cookie, id, payload, headers);
  const read = (cookie: string, id: string) => readTranscript(app, cookie, id);

  async function original(cookie: string, id: string) {
    const response = await app.server.inject({
      url: `/api/transcriptions/${id}/original`,
      headers: asUser(cookie),
    });
    return response.json<OriginalTranscriptDto>();
  }

  it('renames a speaker on every line of theirs, trimmed, as a new version; the original keeps the label', async () => {
    const { cookie, id } = await interview();
    const response = await patch(
      cookie,
      id,
      { speakers: { 'Speaker 2': '  Maria Lopez ' } },
      {
        'if-match': '"1"',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    const renamed = response.json<TranscriptionDto>();
    expect(speakersOf(renamed)).toEqual(['Speaker 1', 'Maria Lopez', 'Speaker 1', 'Maria Lopez']);
    expect(renamed).toMatchObject({ version: 2, isEdited: true, text: TEXT });
    expect(speakersOf(await read(cookie, id))).toEqual(speakersOf(renamed));
    // The machine's lines, served with their words spread over them (they were stored without).
    expect(await original(cookie, id)).toEqual({
      text: TEXT,
      segments: segmentsWithWords(INTERVIEW),
    });

    // The old label is gone: renaming it again is a mistake, said as one.
    const again = await patch(cookie, id, { speakers: { 'Speaker 2': 'Maria' }, version: 2 });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(
      'No line of this transcript is spoken by "Speaker 2"; rename one of its speakers.',
    );

    // A name of exactly 60 characters is a name.
    const longest = 'x'.repeat(60);
    const long = await patch(cookie, id, { speakers: { 'Maria Lopez': longest }, version: 2 });
    expect(long.statusCode).toBe(200);
    expect(speakersOf(long.json<TranscriptionDto>())).toEqual([
      'Speaker 1',
      longest,
      'Speaker 1',
      longest,
    ]);
  });

  it('gives one line to another speaker, and answers 409 to a rename made on the old version', async () => {
    const { cookie, id } = await interview();
    // Line 3 was the interviewer's; the guest said it. The other lines name no speaker: kept.
    const segments = INTERVIEW.map(({ start, end, text }, index) =>
      index === 2 ? { start, end, text, speaker: 'Speaker 2' } : { start, end, text },
    );
    const reassigned = await patch(cookie, id, { segments, version: 1 });
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json<TranscriptionDto>()).toMatchObject({ version: 2, isEdited: true });
    expect(speakersOf(reassigned.json<TranscriptionDto>())).toEqual([
      'Speaker 1',
      'Speaker 2',
      'Speaker 2',
      'Speaker 2',
    ]);

    const stale = await patch(
      cookie,
      id,
      { speakers: { 'Speaker 1': 'Host' } },
      {
        'if-match': '"1"',
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/changed elsewhere.*version 2/);
    const now = await read(cookie, id);
    expect(now.version).toBe(2);
    expect(speakersOf(now)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 2', 'Speaker 2']);

    // A line may go to a speaker who had none before: a third voice.
    const third = await patch(cookie, id, {
      segments: now.segments.map((segment, index) =>
        index === 0 ? { ...segment, speaker: ' Producer ' } : segment,
      ),
      version: 2,
    });
    expect(speakersOf(third.json<TranscriptionDto>())).toEqual([
      'Producer',
      'Speaker 2',
      'Speaker 2',
      'Speaker 2',
    ]);
  });

  it('applies the segments of an edit first, then its renames', async () => {
    const { cookie, id } = await interview();
    const segments = INTERVIEW.map((segment, index) =>
      index === 2
        ? { ...segment, text: 'Tell us about the library.', speaker: 'Speaker 2' }
        : segment,
    );
    const response = await patch(cookie, id, {
      segments,
      speakers: { 'Speaker 2': 'Maria', 'Speaker 1': 'Host' },
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json<TranscriptionDto>();
    expect(speakersOf(edited)).toEqual(['Host', 'Maria', 'Maria', 'Maria']);
    expect(edited.segments[2]?.text).toBe('Tell us about the library.');
    expect(edited.version).toBe(2);
  });

  it('renames all at once: two speakers swap names, and a name another has merges them', async () => {
    const { cookie, id } = await interview();
    const swapped = await patch(cookie, id, {
      speakers: { 'Speaker 1': 'Speaker 2', 'Speaker 2': 'Speaker 1' },
    });
    expect(speakersOf(swapped.json<TranscriptionDto>())).toEqual([
      'Speaker 2',
      'Speaker 1',
      'Speaker 2',
      'Speaker 1',
    ]);
    const merged = await patch(cookie, id, { speakers: { 'Speaker 2': 'Speaker 1' }, version: 2 });
    expect(merged.statusCode).toBe(200);
    expect(merged.json<TranscriptionDto>()).toMatchObject({ version: 3, isEdited: true });
    expect(speakersOf(merged.json<TranscriptionDto>())).toEqual([
      'Speaker 1',
      'Speaker 1',
      'Speaker 1',
      'Speaker 1',
    ]);
  });

  it('restoring the original restores its speakers', async () => {
    const { cookie, id } = await interview();
    await patch(cookie, id, { speakers: { 'Speaker 1': 'Host', 'Speaker 2': 'Maria' } });
    const machine = await original(cookie, id);
    const restored = await patch(cookie, id, { segments: machine.segments, version: 2 });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<TranscriptionDto>()).toMatchObject({
      version: 3,
      isEdited: false,
      segments: INTERVIEW,
    });
  });

  it('makes renames that name no version on the latest, so two at once both count', async () => {
    const { cookie, id } = await interview();
    const [host, guest] = await Promise.all([
      patch(cookie, id, { speakers: { 'Speaker 1': 'Host' } }),
      patch(cookie, id, { speakers: { 'Speaker 2': 'Maria' } }),
    ]);
    expect([host?.statusCode, guest?.statusCode]).toEqual([200, 200]);
    const now = await read(cookie, id);
    expect(now.version).toBe(3);
    expect(speakersOf(now)).toEqual(['Host', 'Maria', 'Host', 'Maria']);
  });

  it('refuses bad names and renames with a clear 400 and changes nothing', async () => {
    const { cookie, id } = await interview();
    const withSpeaker = (speaker: unknown) => ({
      segments: INTERVIEW.map((segment, index) =>
        index === 1 ? { ...segment, speaker } : segment,
      ),
    });
    const cases: Array<[unknown, RegExp]> = [
      [{ speakers: {} }, /Nothing to change/],
      [{ speakers: { 'Speaker 2': '' } }, /Renaming "Speaker 2": a speaker's name cannot be empty/],
      [{ speakers: { 'Speaker 2': '   ' } }, /cannot be empty/],
      [{ speakers: { 'Speaker 2': 'x'.repeat(61) } }, /too long \(60 characters at most\)/],
      [{ speakers: { 'Speaker 2': 'Maria\nLopez' } }, /line breaks, control characters/],
      [{ speakers: { 'Speaker 2': 'evil\u202Egpj' } }, /text direction overrides/],
      [
        { speakers: { 'Speaker 3': 'Maria' } },
        /No line of this transcript is spoken by "Speaker 3"/,
      ],
      [{ speakers: { 'Speaker 1': 'Host', Nobody: 'Maria' } }, /spoken by "Nobody"/],
      [{ speakers: { 'Speaker 2': 7 } }, /Invalid edit\. speakers\.Speaker 2/],
      [{ speakers: ['Maria'] }, /Invalid edit\. speakers/],
      [withSpeaker(''), /Segment 2: a speaker's name cannot be empty/],
      [withSpeaker('y'.repeat(61)), /Segment 2: a speaker's name is too long/],
      [withSpeaker('Maria\tLopez'), /Segment 2: .*control characters/],
      [withSpeaker(null), /Invalid edit\. segments\.1\.speaker/],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(cookie, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await read(cookie, id)).toMatchObject({
      version: 1,
      segments: INTERVIEW,
      isEdited: false,
    });
  });
});
