import { desc, eq, sql } from 'drizzle-orm';
import type { TranscriptVersionDto } from '../../../core/api/transcript-versions.js';
import type { Database } from '../../db/database.js';
import { transcriptVersions, user } from '../../db/schema.js';
import type { TranscriptionRow } from '../transcription.repository.js';
import { machineKind } from './record-version.js';

/**
 * A transcript's versions, newest first. The engine's transcript is kept only once a change
 * replaces it, so a finished transcript not changed since it was made is listed from its row.
 */
export async function listVersions(
  db: Database,
  row: TranscriptionRow,
): Promise<TranscriptVersionDto[]> {
  const v = transcriptVersions;
  const kept = await db
    .select({
      number: v.number,
      kind: v.kind,
      authorId: v.authorId,
      authorName: user.name,
      restoredFrom: v.restoredFrom,
      filename: v.filename,
      lines: sql<number>`jsonb_array_length(${v.lineHashes})`.mapWith(Number),
      createdAt: v.createdAt,
    })
    .from(v)
    .leftJoin(user, eq(user.id, v.authorId))
    .where(eq(v.transcriptionId, row.id))
    .orderBy(desc(v.number));
  const versions: TranscriptVersionDto[] = kept.map((version) => ({
    number: version.number,
    kind: version.kind,
    author:
      version.authorId && version.authorName !== null
        ? { id: version.authorId, name: version.authorName }
        : null,
    engine: null,
    createdAt: version.createdAt.toISOString(),
    restoredFrom: version.restoredFrom,
    filename: version.filename,
    lines: version.lines,
    current: version.number === row.version,
  }));
  const currentKept = kept.some((version) => version.number === row.version);
  if (!currentKept && row.status === 'completed') {
    versions.unshift({
      number: row.version,
      kind: machineKind(row.version),
      author: null,
      engine: row.engine,
      createdAt: (row.completedAt ?? row.updatedAt).toISOString(),
      restoredFrom: null,
      filename: row.filename,
      lines: row.segments.length,
      current: true,
    });
  }
  return versions;
}
