import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { knownVoices, knownVoiceSources, transcriptions, user } from '../db/schema.js';
import type { KnownVoice } from '../speech/speakers/recognise-voices.js';
import {
  addVoiceStatistics,
  emptyVoiceStatistics,
  type VoiceStatistics,
} from '../speech/speakers/voice-statistics.js';

export async function findRememberVoices(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ rememberVoices: user.rememberVoices })
    .from(user)
    .where(eq(user.id, userId));
  return row?.rememberVoices ?? false;
}

export async function saveRememberVoices(
  db: Database,
  userId: string,
  wanted: boolean,
): Promise<void> {
  await db.update(user).set({ rememberVoices: wanted }).where(eq(user.id, userId));
}

/** A voice whose recordings were all deleted holds no voice data: only its name is left, so it goes. */
async function deleteVoicesWithoutSources(db: Database, userId: string): Promise<void> {
  await db.delete(knownVoices).where(
    and(
      eq(knownVoices.userId, userId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(knownVoiceSources)
          .where(eq(knownVoiceSources.voiceId, knownVoices.id)),
      ),
    ),
  );
}

export interface KnownVoiceSummary {
  id: string;
  name: string;
  recordings: { id: string; filename: string }[];
  createdAt: Date;
  updatedAt: Date;
}

export async function listKnownVoices(db: Database, userId: string): Promise<KnownVoiceSummary[]> {
  await deleteVoicesWithoutSources(db, userId);
  const rows = await db
    .select({
      id: knownVoices.id,
      name: knownVoices.name,
      createdAt: knownVoices.createdAt,
      updatedAt: knownVoices.updatedAt,
      recordingId: transcriptions.id,
      filename: transcriptions.filename,
    })
    .from(knownVoices)
    .innerJoin(knownVoiceSources, eq(knownVoiceSources.voiceId, knownVoices.id))
    .innerJoin(transcriptions, eq(transcriptions.id, knownVoiceSources.transcriptionId))
    .where(eq(knownVoices.userId, userId))
    .orderBy(knownVoices.name, knownVoices.id, desc(knownVoiceSources.createdAt));
  const voices = new Map<string, KnownVoiceSummary>();
  for (const row of rows) {
    const voice = voices.get(row.id) ?? {
      id: row.id,
      name: row.name,
      recordings: [],
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
    voice.recordings.push({ id: row.recordingId, filename: row.filename });
    voices.set(row.id, voice);
  }
  return [...voices.values()];
}

/**
 * What remembering a recording's voices needs of it, or undefined once it was deleted (or its
 * recording was, by retention: there is no voice left to learn).
 */
export async function findNamedRecording(db: Database, transcriptionId: string) {
  const [row] = await db
    .select({
      id: transcriptions.id,
      userId: transcriptions.userId,
      audioKey: transcriptions.audioKey,
      audioFormat: transcriptions.audioFormat,
      segments: transcriptions.segments,
    })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.id, transcriptionId),
        isNull(transcriptions.deletedAt),
        isNull(transcriptions.audioDeletedAt),
      ),
    );
  return row;
}

/** The names of the account's voices that a recording taught (they have a source in it). */
export async function voicesLearntFrom(
  db: Database,
  userId: string,
  transcriptionId: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ name: knownVoices.name })
    .from(knownVoices)
    .innerJoin(knownVoiceSources, eq(knownVoiceSources.voiceId, knownVoices.id))
    .where(
      and(eq(knownVoices.userId, userId), eq(knownVoiceSources.transcriptionId, transcriptionId)),
    );
  return new Set(rows.map((row) => row.name));
}

/** Every voice of the account with the statistics of all its recordings added up. */
export async function knownVoicesForRecognition(
  db: Database,
  userId: string,
): Promise<KnownVoice[]> {
  const rows = await db
    .select({
      name: knownVoices.name,
      frames: knownVoiceSources.frames,
      sums: knownVoiceSources.sums,
      squares: knownVoiceSources.squares,
    })
    .from(knownVoices)
    .innerJoin(knownVoiceSources, eq(knownVoiceSources.voiceId, knownVoices.id))
    .where(eq(knownVoices.userId, userId));
  const voices = new Map<string, VoiceStatistics>();
  for (const row of rows)
    voices.set(row.name, addVoiceStatistics(voices.get(row.name) ?? emptyVoiceStatistics(), row));
  return [...voices].map(([name, statistics]) => ({ name, statistics }));
}

/**
 * What a recording says of the voice called `name`: the voice is made if the account has none of
 * that name, and this recording's statistics replace any it gave before.
 */
export async function rememberVoice(
  db: Database,
  userId: string,
  name: string,
  transcriptionId: string,
  statistics: VoiceStatistics,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [voice] = await tx
      .insert(knownVoices)
      .values({ id: randomUUID(), userId, name })
      .onConflictDoUpdate({
        target: [knownVoices.userId, knownVoices.name],
        set: { updatedAt: new Date() },
      })
      .returning({ id: knownVoices.id });
    const source = { ...statistics, createdAt: new Date() };
    await tx
      .insert(knownVoiceSources)
      .values({ voiceId: voice!.id, transcriptionId, ...source })
      .onConflictDoUpdate({
        target: [knownVoiceSources.voiceId, knownVoiceSources.transcriptionId],
        set: source,
      });
  });
}

/**
 * Renames one of the user's voices: `missing` when the user has no such voice, `taken` when
 * another of their voices has the name (the unique index decides, so two renames at once to one
 * name cannot both win).
 */
export async function renameKnownVoice(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<'renamed' | 'missing' | 'taken'> {
  try {
    const renamed = await db
      .update(knownVoices)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(knownVoices.id, id), eq(knownVoices.userId, userId)))
      .returning({ id: knownVoices.id });
    return renamed.length > 0 ? 'renamed' : 'missing';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Forgets voices of the user (all of them without `ids`), their data with them: how many went. */
export async function forgetKnownVoices(
  db: Database,
  userId: string,
  ids?: readonly string[],
): Promise<number> {
  const forgotten = await db
    .delete(knownVoices)
    .where(
      ids
        ? and(eq(knownVoices.userId, userId), inArray(knownVoices.id, [...ids]))
        : eq(knownVoices.userId, userId),
    )
    .returning({ id: knownVoices.id });
  return forgotten.length;
}
