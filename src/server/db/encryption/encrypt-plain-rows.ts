import { sql } from 'drizzle-orm';
import type { Database } from '../database.js';
import { FIELD_PURPOSES } from './encrypted-columns.js';
import { ENVELOPE_PREFIX, encryptField } from './field-envelope.js';

interface PlainColumn {
  table: string;
  keys: readonly string[];
  column: string;
  purpose: string;
}

/** Every encrypted column, as rows written before encryption hold it: in plain. */
const ENCRYPTED_COLUMNS: readonly PlainColumn[] = [
  { table: 'transcriptions', keys: ['id'], column: 'text', purpose: FIELD_PURPOSES.transcriptText },
  {
    table: 'transcriptions',
    keys: ['id'],
    column: 'original_text',
    purpose: FIELD_PURPOSES.transcriptText,
  },
  {
    table: 'transcriptions',
    keys: ['id'],
    column: 'segments',
    purpose: FIELD_PURPOSES.transcriptSegments,
  },
  {
    table: 'transcriptions',
    keys: ['id'],
    column: 'original_segments',
    purpose: FIELD_PURPOSES.transcriptSegments,
  },
  {
    table: 'transcript_lines',
    keys: ['transcription_id', 'hash'],
    column: 'line',
    purpose: FIELD_PURPOSES.transcriptLine,
  },
  {
    table: 'transcript_comments',
    keys: ['id'],
    column: 'text',
    purpose: FIELD_PURPOSES.commentText,
  },
  {
    table: 'webhook_endpoints',
    keys: ['id'],
    column: 'secret',
    purpose: FIELD_PURPOSES.webhookSecret,
  },
];

const BATCH = 200;

/**
 * Encrypts one column's plain values, a batch at a time. Each value is replaced only if it is
 * still the one read, so a value written meanwhile (already encrypted) is left alone.
 */
async function encryptPlainColumn(
  db: Database,
  target: PlainColumn,
  stopped: () => boolean,
): Promise<number> {
  const table = sql.identifier(target.table);
  const column = sql.identifier(target.column);
  const keyList = sql.join(
    target.keys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  let encrypted = 0;
  while (!stopped()) {
    const result = await db.execute(sql`
      SELECT ${keyList}, ${column} AS plain FROM ${table}
      WHERE ${column} IS NOT NULL AND left(${column}, ${ENVELOPE_PREFIX.length}) <> ${ENVELOPE_PREFIX}
      LIMIT ${BATCH}`);
    const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
    for (const row of rows) {
      const plain = row.plain ?? '';
      const sameRow = sql.join(
        target.keys.map((key) => sql`${sql.identifier(key)} = ${row[key] ?? null}`),
        sql` AND `,
      );
      await db.execute(sql`
        UPDATE ${table} SET ${column} = ${encryptField(target.purpose, plain)}
        WHERE ${sameRow} AND ${column} = ${plain}`);
    }
    encrypted += rows.length;
    if (rows.length < BATCH) break;
  }
  return encrypted;
}

/**
 * The rows written before the database was encrypted (docs/decisions/0090), encrypted in the
 * background. Idempotent and started by every process, so a restart finishes what an earlier run
 * began.
 */
export async function encryptPlainRows(db: Database, stopped: () => boolean): Promise<number> {
  let encrypted = 0;
  for (const target of ENCRYPTED_COLUMNS) {
    if (stopped()) break;
    encrypted += await encryptPlainColumn(db, target, stopped);
  }
  return encrypted;
}

/**
 * Starts `encryptPlainRows`, then `afterwards` (the search index of what is not indexed yet);
 * returns its stop, which waits for the batch at hand.
 */
export function startPlainRowSweep(
  db: Database,
  log: { info(message: string): void; error(details: object, message: string): void },
  afterwards: (stopped: () => boolean) => Promise<unknown>,
): () => Promise<void> {
  let stopped = false;
  const isStopped = () => stopped;
  const sweep = encryptPlainRows(db, isStopped)
    .then(async (count) => {
      if (!stopped) await afterwards(isStopped);
      if (count > 0) log.info(`Encrypted ${count} database value(s) stored before encryption`);
    })
    .catch((error: unknown) => {
      if (!stopped) log.error({ err: error }, 'Encrypting database values stored in plain failed');
    });
  return async () => {
    stopped = true;
    await sweep;
  };
}
