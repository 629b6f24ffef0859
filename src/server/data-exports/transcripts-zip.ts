import type { ExportFormat } from '../../core/api/transcription-values.js';
import type { Database } from '../db/database.js';
import { transcriptFilename } from '../transcriptions/content-disposition.js';
import { exportSourceOf } from '../transcriptions/exports/export-source.js';
import { transcriptionColumns } from '../transcriptions/transcription.repository.js';
import { readableBy } from '../transcriptions/accessible-transcription.js';
import { UniqueEntryNames } from './unique-entry-names.js';
import type { ZipEntry } from './write-zip.js';
import { streamOf, type BuildExport } from './zip-entry-body.js';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { transcriptions } from '../db/schema.js';

/**
 * One file per transcript, named as its single download is (`Interview.srt`), repeats numbered.
 * Only names are read here; each transcript is read and exported when the archive reaches it.
 * Transcripts deleted since they were chosen are left out.
 */
export async function transcriptsZipEntries(
  deps: { db: Database; buildExport: BuildExport },
  userId: string,
  ids: readonly string[],
  format: ExportFormat,
): Promise<ZipEntry[]> {
  const rows = await deps.db
    .select({ id: transcriptions.id, filename: transcriptions.filename })
    .from(transcriptions)
    .where(
      and(
        readableBy(deps.db, userId),
        inArray(transcriptions.id, [...ids]),
        isNull(transcriptions.deletedAt),
      ),
    );
  const nameOf = new Map(rows.map((row) => [row.id, row.filename]));
  const names = new UniqueEntryNames();
  const entries: ZipEntry[] = [];
  for (const id of ids) {
    const filename = nameOf.get(id);
    if (filename === undefined) continue;
    entries.push({
      name: names.claim(transcriptFilename(filename, format)),
      compress: format !== 'docx',
      open: async () => {
        const [row] = await deps.db
          .select(transcriptionColumns)
          .from(transcriptions)
          .where(
            and(
              readableBy(deps.db, userId),
              eq(transcriptions.id, id),
              isNull(transcriptions.deletedAt),
            ),
          );
        if (!row) throw new Error(`transcription ${id} was deleted while its ZIP was built`);
        return streamOf((await deps.buildExport(format, exportSourceOf(row))).body);
      },
    });
  }
  return entries;
}
