import { createHmac } from 'node:crypto';
import { currentFieldKey } from '../../db/encryption/field-keys.js';
import type { StoredSegment } from '../../db/schema.js';

/**
 * A line's key: a hash of everything it holds (times, text, speaker, words), so two versions
 * that share a line store it once. Keyed (HMAC under the database key), since a plain hash of a
 * short line could be guessed from a dump.
 */
export function lineKey(line: StoredSegment): string {
  return createHmac('sha256', currentFieldKey().lines)
    .update(JSON.stringify(line))
    .digest('base64url')
    .slice(0, 22);
}

export interface KeyedLines {
  keys: string[];
  /** Each distinct line once, by its key. */
  lines: Map<string, StoredSegment>;
}

export function keyLines(segments: readonly StoredSegment[]): KeyedLines {
  const lines = new Map<string, StoredSegment>();
  const keys = segments.map((segment) => {
    const key = lineKey(segment);
    lines.set(key, segment);
    return key;
  });
  return { keys, lines };
}
