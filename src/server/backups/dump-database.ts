import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/database.js';
import { withRawTransaction, type ExecuteSql } from '../db/raw-transaction.js';
import type { BackupFile, BackupManifest } from './backup-manifest.js';
import { listAppTables, quoteIdentifier } from './database-tables.js';
import { writeStreamWithChecksum } from './file-checksum.js';

const ROWS_PER_FETCH = 500;
export const DATABASE_FOLDER = 'database';

export interface DatabaseDump {
  database: BackupManifest['database'];
  files: BackupFile[];
  /** The stored objects the dumped rows name: they must be in the backup. */
  referencedKeys: string[];
}

/**
 * Every row of the app's tables as of one moment: one read-only REPEATABLE READ transaction, so
 * the tables agree with each other however busy the server is. Rows are written as JSON lines
 * (one gzip file per table), which either database reads back: a PGlite backup restores into
 * PostgreSQL and the other way round.
 */
export async function dumpDatabase(
  database: DatabaseHandle,
  directory: string,
): Promise<DatabaseDump> {
  const folder = path.join(directory, DATABASE_FOLDER);
  await mkdir(folder, { recursive: true });
  return withRawTransaction(database, async (executeSql) => {
    await executeSql('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const serverVersion = String(
      ((await executeSql('SHOW server_version')).rows[0] as { server_version: string })
        .server_version,
    );
    const migrations = (
      await executeSql(
        'SELECT hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY id',
      )
    ).rows as Array<{ hash: string; createdAt: string }>;
    const tables = [];
    const files: BackupFile[] = [];
    for (const table of await listAppTables(executeSql)) {
      const file = `${DATABASE_FOLDER}/${table.name}.ndjson.gz`;
      let rows = 0;
      const lines = Readable.from(
        (async function* () {
          for await (const line of readRows(executeSql, table.name, table.columns)) {
            rows += 1;
            yield `${line}\n`;
          }
        })(),
      );
      const checksum = await writeStreamWithChecksum(
        lines.pipe(createGzip()),
        path.join(directory, file),
      );
      files.push({ path: file, ...checksum });
      tables.push({ name: table.name, columns: table.columns, rows, file });
    }
    const referencedKeys = (
      (await executeSql('SELECT audio_key FROM transcriptions ORDER BY audio_key')).rows as Array<{
        audio_key: string;
      }>
    ).map((row) => row.audio_key);
    return {
      database: {
        kind: database.kind,
        serverVersion,
        migrations: migrations.map((row) => ({ hash: row.hash, createdAt: Number(row.createdAt) })),
        tables,
      },
      files,
      referencedKeys,
    };
  });
}

/** A table's rows as JSON texts, read through a cursor so no table is ever held in memory. */
async function* readRows(
  executeSql: ExecuteSql,
  table: string,
  columns: string[],
): AsyncGenerator<string> {
  const cursor = `backup_${table.replace(/\W/g, '_')}`;
  const list = columns.map(quoteIdentifier).join(', ');
  await executeSql(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS line FROM (SELECT ${list} FROM ${quoteIdentifier(table)}) r`,
  );
  for (;;) {
    const { rows } = await executeSql(`FETCH ${ROWS_PER_FETCH} FROM ${cursor}`);
    for (const row of rows as Array<{ line: string }>) yield row.line;
    if (rows.length < ROWS_PER_FETCH) break;
  }
  await executeSql(`CLOSE ${cursor}`);
}
