import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { transcriptLines, transcriptVersions, type StoredSegment } from '../../db/schema.js';

export interface StoredVersion {
  filename: string;
  segments: StoredSegment[];
}

/** A kept version's lines, in order; undefined when that version is not kept. */
export async function readVersionLines(
  db: Database,
  transcriptionId: string,
  number: number,
): Promise<StoredVersion | undefined> {
  const [version] = await db
    .select({ filename: transcriptVersions.filename, keys: transcriptVersions.lineHashes })
    .from(transcriptVersions)
    .where(
      and(
        eq(transcriptVersions.transcriptionId, transcriptionId),
        eq(transcriptVersions.number, number),
      ),
    );
  if (!version) return undefined;
  const distinct = [...new Set(version.keys)];
  const rows =
    distinct.length === 0
      ? []
      : await db
          .select({ hash: transcriptLines.hash, line: transcriptLines.line })
          .from(transcriptLines)
          .where(
            and(
              eq(transcriptLines.transcriptionId, transcriptionId),
              inArray(transcriptLines.hash, distinct),
            ),
          );
  const lines = new Map(rows.map((row) => [row.hash, row.line]));
  const segments = version.keys.map((key) => {
    const line = lines.get(key);
    if (!line) throw new Error(`transcript ${transcriptionId} version ${number} lost a line`);
    return line;
  });
  return { filename: version.filename, segments };
}
