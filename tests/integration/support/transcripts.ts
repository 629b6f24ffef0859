import { FIRST_SPEAKER } from '../../../src/core/speakers.js';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  TranscriptionDto,
  TranscriptSegmentDto,
} from '../../../src/core/api/transcriptions.js';
import { transcriptions } from '../../../src/server/db/schema.js';
import { SAME_ORIGIN } from './accounts.js';
import type { TestApp } from './test-app.js';

export const SAMPLE_SEGMENTS: TranscriptSegmentDto[] = [
  { start: 0, end: 4.2, text: 'Welcome to the quarterly budget meeting.', speaker: FIRST_SPEAKER },
  {
    start: 4.2,
    end: 9.8,
    text: 'Maria will present the forecast for the northern region.',
    speaker: FIRST_SPEAKER,
  },
  {
    start: 9.8,
    end: 15.5,
    text: 'After that we discuss hiring and the new office lease.',
    speaker: FIRST_SPEAKER,
  },
];

/** A silent 8 kHz mono 16-bit WAV of the given length: real audio bytes for the audio routes. */
export function silentWav(seconds: number): Buffer {
  const sampleRate = 8000;
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

export interface TranscriptInput {
  filename?: string;
  segments?: TranscriptSegmentDto[];
  durationInSeconds?: number;
  status?: 'queued' | 'processing' | 'completed' | 'failed';
  createdAt?: Date;
  language?: string | null;
  /** Skip writing the audio file (faster when a test never plays it). */
  withoutAudio?: boolean;
}

/**
 * A user's transcript as the job leaves it, written straight to the database (and its silent audio
 * to storage): tests of what happens after transcription need no speech engine.
 */
export async function insertTranscript(
  app: TestApp,
  userId: string,
  input: TranscriptInput = {},
): Promise<{ id: string; audioBytes: number }> {
  const id = randomUUID();
  const segments = input.segments ?? SAMPLE_SEGMENTS;
  const durationInSeconds = input.durationInSeconds ?? 16;
  const status = input.status ?? 'completed';
  const audioKey = `${id}.wav`;
  let audioBytes = 0;
  if (!input.withoutAudio) {
    const wav = silentWav(Math.min(durationInSeconds, 20));
    const file = path.join(app.workDir, `${id}.wav`);
    await writeFile(file, wav);
    await app.storage.putFile(audioKey, file);
    audioBytes = wav.length;
  }
  const done = status === 'completed';
  await app.database.db.insert(transcriptions).values({
    id,
    userId,
    filename: input.filename ?? 'Budget meeting.wav',
    text: done ? segments.map((segment) => segment.text).join(' ') : '',
    segments: done ? segments : [],
    durationInSeconds,
    fileSize: audioBytes || 1000,
    status,
    progress: done ? 100 : 0,
    language: input.language === undefined ? 'en' : input.language,
    engine: done ? 'whisper' : null,
    model: done ? 'base.en' : null,
    audioFormat: 'wav',
    audioKey,
    completedAt: done ? new Date() : null,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  return { id, audioBytes };
}

/** A request as the signed-in page sends it (same origin, the session cookie). */
export function asUser(cookie: string, headers: Record<string, string> = {}) {
  return { cookie, ...SAME_ORIGIN, ...headers };
}

/** `PATCH /api/transcriptions/:id` as the signed-in owner. */
export function patchTranscript(
  app: TestApp,
  cookie: string,
  id: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.server.inject({
    method: 'PATCH',
    url: `/api/transcriptions/${id}`,
    headers: asUser(cookie, headers),
    payload: payload as object,
  });
}

/** `GET /api/transcriptions/:id` as the signed-in owner. */
export async function readTranscript(
  app: TestApp,
  cookie: string,
  id: string,
): Promise<TranscriptionDto> {
  const response = await app.server.inject({
    url: `/api/transcriptions/${id}`,
    headers: asUser(cookie),
  });
  return response.json<TranscriptionDto>();
}
