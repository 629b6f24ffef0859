import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { transcriptions, type StoredSegment } from '../../db/schema.js';
import { decodeAudioSpan } from '../../speech/audio/decode-audio-span.js';
import { demuxerOfFormat } from '../../speech/audio/sniff-audio-format.js';
import { placeAlignedWords } from '../../speech/engines/place-aligned-words.js';
import type { WordAligner } from '../../speech/engines/word-aligner.js';
import { wordsOfText } from '../../../core/words.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { findTranscriptionById } from '../transcription.repository.js';

export interface AlignEditedWordsDeps {
  db: Database;
  storage: ObjectStorage;
  workDir: string;
  aligner: WordAligner;
}

/** Audio heard around a line, so a word at its very edge is whole. */
const PADDING_SECONDS = 0.3;
/** Passes over a transcript that a person keeps editing while it is aligned. */
const MAX_PASSES = 3;

/** The acoustic model is US English: other languages keep their words spread over the line. */
const alignsLanguage = (language: string | null): boolean =>
  language === null || language === 'en' || language.startsWith('en-');

type AlignedLine = { line: StoredSegment; words: StoredSegment['words'] };

/**
 * The alignment job (issue 28, item 5): the lines a person rewrote (`wordsToAlign`) get word times
 * found in their audio by forced alignment (English), or keep their spread words (other
 * languages, or audio the aligner cannot read as the text). The write is conditional: a line
 * edited again meanwhile is left for the next pass, and the version does not change, so the
 * person's next save is not refused.
 */
export async function alignEditedWords(
  deps: AlignEditedWordsDeps,
  transcriptionId: string,
  signal?: AbortSignal,
): Promise<void> {
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const row = await findTranscriptionById(deps.db, transcriptionId);
    // Without its recording (deleted by retention) an edited line keeps its words spread evenly.
    if (!row || row.status !== 'completed' || row.audioDeletedAt !== null) return;
    const pending = row.segments.filter((segment) => segment.wordsToAlign);
    if (pending.length === 0) return;
    const aligned = alignsLanguage(row.language)
      ? await alignLines(deps, row, pending, signal)
      : pending.map((line) => ({ line, words: line.words }));
    const segments = row.segments.map((segment) => {
      const done = aligned.find((entry) => entry.line === segment);
      if (!done) return segment;
      const { wordsToAlign: _done, ...rest } = segment;
      return { ...rest, ...(done.words ? { words: done.words } : {}) };
    });
    await deps.db
      .update(transcriptions)
      .set({ segments })
      .where(and(eq(transcriptions.id, row.id), eq(transcriptions.version, row.version)));
  }
}

async function alignLines(
  deps: AlignEditedWordsDeps,
  row: { audioKey: string; audioFormat: string },
  lines: readonly StoredSegment[],
  signal?: AbortSignal,
): Promise<AlignedLine[]> {
  const demuxer = demuxerOfFormat(row.audioFormat);
  if (!demuxer) return lines.map((line) => ({ line, words: line.words }));
  const workDir = await mkdtemp(path.join(deps.workDir, 'align-'));
  try {
    const audio = await deps.storage.fetch(row.audioKey, workDir);
    const results: AlignedLine[] = [];
    for (const line of lines) {
      signal?.throwIfAborted();
      const from = Math.max(0, line.start - PADDING_SECONDS);
      const samples = await decodeAudioSpan({
        inputPath: audio.path,
        demuxer,
        outputPath: path.join(workDir, 'line.pcm'),
        startSeconds: from,
        endSeconds: line.end + PADDING_SECONDS,
        signal,
      });
      const found = await deps.aligner.align(samples, wordsOfText(line.text), signal);
      results.push({ line, words: placeAlignedWords(line, found, from) });
    }
    return results;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
