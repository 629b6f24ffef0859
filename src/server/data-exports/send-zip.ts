import type { FastifyReply } from 'fastify';
import { PRODUCT_NAME } from '../../core/product.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { attachmentDisposition } from '../transcriptions/content-disposition.js';
import { zipExportKey } from './zip-export-paths.js';
import type { ZipExportRow } from './zip-exports.repository.js';

/** "Sonoscript transcripts 2026-11-28.zip", or "Sonoscript data 2026-11-28.zip" for an account. */
export function zipFilename(row: ZipExportRow): string {
  const day = row.createdAt.toISOString().slice(0, 10);
  return `${PRODUCT_NAME} ${row.kind === 'account' ? 'data' : 'transcripts'} ${day}.zip`;
}

/** Streams the stored ZIP: never the whole archive in memory. */
export async function sendZip(reply: FastifyReply, storage: ObjectStorage, row: ZipExportRow) {
  const key = zipExportKey(row.id);
  const size = await storage.size(key);
  const body = await storage.read(key);
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', String(size))
    .header('content-disposition', attachmentDisposition(zipFilename(row)))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
