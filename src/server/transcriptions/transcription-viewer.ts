import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';
import type { TranscriptionAccess } from './accessible-transcription.js';
import type { TranscriptionViewer } from './transcription-dto.js';

/** What a transcription's answer says about its reader's access and its uploader's name. */
export async function transcriptionViewer(
  db: Database,
  access: TranscriptionAccess,
  row: { userId: string },
): Promise<TranscriptionViewer> {
  const [uploader] = await db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, row.userId))
    .limit(1);
  return { access, uploaderName: uploader?.name ?? '' };
}
