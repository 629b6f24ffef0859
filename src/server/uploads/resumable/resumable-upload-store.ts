import { DataStore, ERRORS, Upload } from '@tus/server';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/database.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import {
  appendResumableUploadPart,
  deleteResumableUpload,
  findResumableUpload,
  insertResumableUpload,
  type ResumableUploadRow,
} from './resumable-upload.repository.js';

/** Storage keys of upload parts start with this; the expiry sweep also clears strays by it. */
export const UPLOAD_PART_PREFIX = 'upload_';

/** Incomplete uploads are dropped this long after their creation. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface ResumableUploadStoreOptions {
  db: Database;
  storage: ObjectStorage;
  /** This process's work folder: a PATCH's body lands here before it is stored. */
  workDir: string;
  /** Who creates the upload, told by the route before tus calls `create`. */
  ownerOf(uploadId: string): string | undefined;
}

export function uploadPartKey(uploadId: string, offset: number): string {
  return `${UPLOAD_PART_PREFIX}${uploadId}_${offset}.part`;
}

/**
 * tus's data store over the app's own storage (local disk or S3, whichever is configured) and
 * database: each PATCH's bytes become one stored part, and the upload's offset and parts live in
 * its row, so every API process sees the same upload. Bytes of a body cut off midway are kept.
 */
export class ResumableUploadStore extends DataStore {
  constructor(private readonly options: ResumableUploadStoreOptions) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const userId = this.options.ownerOf(upload.id);
    if (!userId || upload.size === undefined) throw ERRORS.UNKNOWN_ERROR;
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(upload.metadata ?? {}))
      if (value !== null) metadata[key] = value;
    const row = await insertResumableUpload(this.options.db, {
      id: upload.id,
      userId,
      length: upload.size,
      metadata,
      expiresAt: new Date(Date.now() + UPLOAD_EXPIRY_MS),
    });
    upload.creation_date = row.createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await findResumableUpload(this.options.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return toUpload(row);
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const tempPath = path.join(this.options.workDir, `${randomUUID()}.upload-part`);
    let cutOff: unknown;
    try {
      const file = createWriteStream(tempPath);
      await pipeline(stream, file).catch((error: unknown) => {
        cutOff = error;
      });
      // After a cut, the file's last write may still be landing: its size is final once closed.
      if (!file.closed) await once(file, 'close');
      // What arrived before a cut is kept: the client resumes from there.
      const size = await stat(tempPath).then(
        (file) => file.size,
        () => 0,
      );
      if (size > 0) await this.storePart(tempPath, id, offset, size);
      if (cutOff !== undefined) throw cutOff;
      return offset + size;
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  override async remove(id: string): Promise<void> {
    const row = await findResumableUpload(this.options.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await removeUpload(this.options, row);
  }

  override async deleteExpired(): Promise<number> {
    throw new Error('expired uploads are swept by expireResumableUploads');
  }

  override getExpiration(): number {
    return UPLOAD_EXPIRY_MS;
  }

  private async storePart(tempPath: string, id: string, offset: number, size: number) {
    const key = uploadPartKey(id, offset);
    await this.options.storage.putFile(key, tempPath);
    if (!(await appendResumableUploadPart(this.options.db, id, offset, { key, size }))) {
      await this.options.storage.delete(key);
      throw ERRORS.INVALID_OFFSET;
    }
  }
}

/** Deletes the upload's row first (no request finds it any more), then its stored parts. */
export async function removeUpload(
  deps: { db: Database; storage: ObjectStorage },
  row: ResumableUploadRow,
): Promise<void> {
  await deleteResumableUpload(deps.db, row.id);
  for (const part of row.parts) await deps.storage.delete(part.key);
}

function toUpload(row: ResumableUploadRow): Upload {
  return new Upload({
    id: row.id,
    size: row.length,
    offset: row.offset,
    metadata: row.metadata,
    creation_date: row.createdAt.toISOString(),
  });
}
