import { Readable } from 'node:stream';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../core/product.js';
import { findVocabulary } from '../accounts/vocabulary.repository.js';
import type { Database } from '../db/database.js';
import { apiKeys, knownVoices, subscriptions, transcriptions, user } from '../db/schema.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { exportSourceOf } from '../transcriptions/exports/export-source.js';
import {
  findTranscriptionForUser,
  type TranscriptionRow,
} from '../transcriptions/transcription.repository.js';
import { UniqueEntryNames } from './unique-entry-names.js';
import type { ZipEntry } from './write-zip.js';
import { jsonStream, streamOf, type BuildExport } from './zip-entry-body.js';

export interface AccountZipDeps {
  db: Database;
  storage: ObjectStorage;
  buildExport: BuildExport;
}

const README = `Everything ${PRODUCT_NAME} keeps of your account, as of the time in account.json.

account.json       your name, email address, settings and plan
vocabulary.json    your custom vocabulary
api-keys.json      your developer API keys: names, prefixes, when made and last used (never the secrets)
known-voices.json  the names of the voices you asked to remember, and the recordings they were learnt
                   from; what was measured of each voice never leaves your account
transcripts/       a folder per transcript:
  details.json     its file name, dates, language, engine and settings
  transcript.json  the transcript as it is now, with your corrections, line by line with times and speakers
  transcript.txt   the same as plain text
  original.json    the machine's transcript before your corrections (only when you corrected it)
  original.txt     the same as plain text
  audio.*          the audio as it was uploaded or recorded
`;

/** The folder name of a transcript: its file name without the extension. */
function folderName(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 ? filename.slice(0, dot) : filename) || 'transcript';
}

function details(row: TranscriptionRow, audio: string | null) {
  return {
    id: row.id,
    filename: row.filename,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    durationInSeconds: row.durationInSeconds,
    truncated: row.isTruncated,
    language: row.language,
    languageRequested: row.languageRequested,
    task: row.task,
    engine: row.engine,
    model: row.model,
    speakersRequested: row.speakersRequested,
    denoise: row.denoise,
    vocabulary: row.vocabulary,
    corrected: row.originalText !== null,
    shared: row.shareToken !== null,
    audio,
  };
}

async function accountDocument(db: Database, userId: string, now: Date) {
  const [account] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!account) throw new Error('the account was deleted while its data was exported');
  const plans = await db
    .select({
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  return {
    exportedAt: now.toISOString(),
    id: account.id,
    name: account.name,
    email: account.email,
    emailVerified: account.emailVerified,
    createdAt: account.createdAt.toISOString(),
    settings: {
      defaultLanguage: account.defaultLanguage,
      transcriptReadyEmail: account.transcriptReadyEmail,
      rememberVoices: account.rememberVoices,
    },
    subscriptions: plans.map((plan) => ({
      ...plan,
      currentPeriodEnd: plan.currentPeriodEnd?.toISOString() ?? null,
      createdAt: plan.createdAt.toISOString(),
    })),
  };
}

async function keysDocument(db: Database, userId: string) {
  const keys = await db
    .select({
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt));
  return keys.map((key) => ({
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Names only: issue 26's rule, voice data never leaves the account (docs/decisions/0081). */
async function voicesDocument(db: Database, userId: string) {
  const voices = await db
    .select({ name: knownVoices.name, createdAt: knownVoices.createdAt })
    .from(knownVoices)
    .where(eq(knownVoices.userId, userId))
    .orderBy(asc(knownVoices.name));
  return voices.map((voice) => ({ name: voice.name, createdAt: voice.createdAt.toISOString() }));
}

/** Where the audio file name's extension comes from: the stored key (`<id>.<format>`). */
function audioExtension(audioKey: string): string {
  const dot = audioKey.lastIndexOf('.');
  return dot > 0 ? audioKey.slice(dot + 1) : 'audio';
}

/**
 * Every file of the account's data export. The small documents are read now; each transcript is
 * read, exported and its audio streamed from storage only when the archive reaches it.
 */
export async function accountZipEntries(
  deps: AccountZipDeps,
  userId: string,
  now = new Date(),
): Promise<ZipEntry[]> {
  const { db, storage, buildExport } = deps;
  const account = await accountDocument(db, userId, now);
  const entries: ZipEntry[] = [
    { name: 'README.txt', compress: true, open: async () => Readable.from([README]) },
    { name: 'account.json', compress: true, open: async () => jsonStream(account) },
    {
      name: 'vocabulary.json',
      compress: true,
      open: async () => jsonStream({ terms: await findVocabulary(db, userId) }),
    },
    {
      name: 'api-keys.json',
      compress: true,
      open: async () => jsonStream(await keysDocument(db, userId)),
    },
    {
      name: 'known-voices.json',
      compress: true,
      open: async () => jsonStream(await voicesDocument(db, userId)),
    },
  ];
  const listed = await db
    .select({
      id: transcriptions.id,
      filename: transcriptions.filename,
      audioKey: transcriptions.audioKey,
      edited: sql<boolean>`${transcriptions.originalText} is not null`,
    })
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), isNull(transcriptions.deletedAt)))
    .orderBy(asc(transcriptions.createdAt), asc(transcriptions.id));
  const folders = new UniqueEntryNames();
  for (const item of listed) {
    const folder = `transcripts/${folders.claimFolder(folderName(item.filename))}`;
    const audioStored = await storage.size(item.audioKey).then(
      () => true,
      () => false,
    );
    const audioName = audioStored ? `audio.${audioExtension(item.audioKey)}` : null;
    // The row is read again for each file: only one transcript's text is in memory at a time.
    const row = async () => {
      const found = await findTranscriptionForUser(db, userId, item.id);
      if (!found) throw new Error(`transcription ${item.id} was deleted during the export`);
      return found;
    };
    const file = (format: 'json' | 'txt', version: 'current' | 'original') => async () =>
      streamOf((await buildExport(format, exportSourceOf(await row(), version))).body);
    entries.push(
      {
        name: `${folder}/details.json`,
        compress: true,
        open: async () => jsonStream(details(await row(), audioName)),
      },
      { name: `${folder}/transcript.json`, compress: true, open: file('json', 'current') },
      { name: `${folder}/transcript.txt`, compress: true, open: file('txt', 'current') },
    );
    if (item.edited) {
      entries.push(
        { name: `${folder}/original.json`, compress: true, open: file('json', 'original') },
        { name: `${folder}/original.txt`, compress: true, open: file('txt', 'original') },
      );
    }
    if (audioName) {
      entries.push({
        name: `${folder}/${audioName}`,
        compress: false,
        open: () => storage.read(item.audioKey),
      });
    }
  }
  return entries;
}
