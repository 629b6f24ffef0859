import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/database.js';
import { withRawTransaction, type ExecuteSql } from '../db/raw-transaction.js';
import type { BackupManifest } from './backup-manifest.js';
import { quoteIdentifier } from './database-tables.js';

/** Rows sent per statement, and the text they may take at most (JSON, one parameter). */
const ROWS_PER_INSERT = 500;
const CHARACTERS_PER_INSERT = 8 * 1024 * 1024;

export const INTERRUPTED_BY_RESTORE =
  'This transcription was still running when the backup was made. Transcribe it again.';

/**
 * Loads the dumped rows into a migrated, empty database in one transaction: the target has all
 * of them or none. Jobs are not in a backup, so transcriptions that were still running are
 * marked failed with a reason their owner can act on (transcribe again).
 */
export async function loadDatabase(
  database: DatabaseHandle,
  directory: string,
  manifest: BackupManifest,
): Promise<void> {
  await withRawTransaction(database, async (executeSql) => {
    for (const table of manifest.database.tables) {
      await loadTable(executeSql, path.join(directory, table.file), table.name, table.columns);
    }
    await executeSql(
      `UPDATE transcriptions SET status = 'failed', error = $1
       WHERE status IN ('queued', 'processing')`,
      [INTERRUPTED_BY_RESTORE],
    );
  });
}

async function loadTable(
  executeSql: ExecuteSql,
  file: string,
  table: string,
  columns: string[],
): Promise<void> {
  const list = columns.map(quoteIdentifier).join(', ');
  const statement = `INSERT INTO ${quoteIdentifier(table)} (${list})
    SELECT ${list} FROM json_populate_recordset(NULL::${quoteIdentifier(table)}, $1::json)`;
  let batch: string[] = [];
  let characters = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await executeSql(statement, [`[${batch.join(',')}]`]);
    batch = [];
    characters = 0;
  };
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    characters += line.length;
    if (batch.length >= ROWS_PER_INSERT || characters >= CHARACTERS_PER_INSERT) await flush();
  }
  await flush();
}
