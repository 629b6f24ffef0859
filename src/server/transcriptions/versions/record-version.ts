import type { TranscriptVersionKind } from '../../../core/api/transcription-values.js';
import type { ExecuteSql } from '../../db/raw-transaction.js';
import type { StoredSegment } from '../../db/schema.js';
import { keyLines } from './line-keys.js';
import { FIELD_PURPOSES } from '../../db/encryption/encrypted-columns.js';
import { encryptField } from '../../db/encryption/field-envelope.js';

/** A transcript as it was or is: what a version keeps of it. */
export interface TranscriptState {
  transcriptionId: string;
  version: number;
  filename: string;
  segments: readonly StoredSegment[];
}

export interface VersionChange {
  kind: TranscriptVersionKind;
  /** Who made it; null for the speech engine. */
  authorId: string | null;
  restoredFrom?: number;
  at: Date;
}

/** The engine's transcript at this version: its first run, or a later one. */
export const machineKind = (version: number): TranscriptVersionKind =>
  version === 1 ? 'transcribed' : 'retranscribed';

/** Stores the lines no stored version has yet; each line once per transcript. */
async function storeLines(
  executeSql: ExecuteSql,
  transcriptionId: string,
  lines: Map<string, StoredSegment>,
): Promise<void> {
  if (lines.size === 0) return;
  // One parameter whatever the length: 20,000 lines stay far from PostgreSQL's parameter limit.
  const rows = [...lines].map(([hash, line]) => ({
    hash,
    line: encryptField(FIELD_PURPOSES.transcriptLine, JSON.stringify(line)),
  }));
  await executeSql(
    `INSERT INTO transcript_lines (transcription_id, hash, line)
     SELECT $1, item->>'hash', item->>'line' FROM jsonb_array_elements($2::jsonb) AS item
     ON CONFLICT DO NOTHING`,
    [transcriptionId, JSON.stringify(rows)],
  );
}

async function storedKeys(
  executeSql: ExecuteSql,
  transcriptionId: string,
  version: number,
): Promise<string[] | undefined> {
  const { rows } = await executeSql(
    'SELECT line_hashes FROM transcript_versions WHERE transcription_id = $1 AND number = $2',
    [transcriptionId, version],
  );
  return (rows[0] as { line_hashes: string[] } | undefined)?.line_hashes;
}

/**
 * Keeps a state as a version, unless that version is kept already. `known` are keys whose lines
 * are stored (the state before a change), so only new lines are sent.
 */
async function keepState(
  executeSql: ExecuteSql,
  state: TranscriptState,
  change: VersionChange,
  known: ReadonlySet<string>,
): Promise<string[]> {
  const { keys, lines } = keyLines(state.segments);
  for (const key of known) lines.delete(key);
  await storeLines(executeSql, state.transcriptionId, lines);
  await executeSql(
    `INSERT INTO transcript_versions
       (transcription_id, number, kind, author_id, restored_from, filename, line_hashes, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     ON CONFLICT DO NOTHING`,
    [
      state.transcriptionId,
      state.version,
      change.kind,
      change.authorId,
      change.restoredFrom ?? null,
      state.filename,
      JSON.stringify(keys),
      change.at.toISOString(),
    ],
  );
  return keys;
}

/**
 * Makes sure the state a change replaces is kept: a person's change is kept when it is made, so
 * a state not kept yet is the engine's transcript, kept now (at the time it was made).
 */
export async function keepReplacedState(
  executeSql: ExecuteSql,
  before: TranscriptState,
  madeAt: Date,
): Promise<Set<string>> {
  const stored = await storedKeys(executeSql, before.transcriptionId, before.version);
  if (stored) return new Set(stored);
  const change = { kind: machineKind(before.version), authorId: null, at: madeAt };
  return new Set(await keepState(executeSql, before, change, new Set()));
}

/**
 * Records a change inside the transaction that writes it: the state it replaces (if not kept
 * yet) and the new state, so a restart never keeps the one without the other.
 */
export async function recordVersion(
  executeSql: ExecuteSql,
  before: { state: TranscriptState; madeAt: Date },
  after: TranscriptState,
  change: VersionChange,
): Promise<void> {
  const known = await keepReplacedState(executeSql, before.state, before.madeAt);
  await keepState(executeSql, after, change, known);
}
