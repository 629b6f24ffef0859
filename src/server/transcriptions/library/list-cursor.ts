import { LIST_SORTS, type ListSort } from '../../../core/api/transcription-values.js';
import { AppError } from '../../errors/app-error.js';

export type { ListSort } from '../../../core/api/transcription-values.js';

/** Where a page starts: after the item with this sort key and id (id breaks ties). */
export type ListCursor =
  | { sort: ListSort; key: string | number; id: string }
  /** `before=<ISO date>` with the newest-first order: items created strictly before it. */
  | { sort: 'newest'; before: string };

const INVALID = 'The cursor in "before" is not valid: use the X-Next-Cursor of the previous page.';

export function encodeCursor(sort: ListSort, key: string | number, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Reads `before`: the opaque cursor of X-Next-Cursor, or (newest first only) an ISO date. */
export function decodeCursor(before: string, sort: ListSort): ListCursor {
  if (ISO_DATE.test(before)) {
    if (sort !== 'newest' || Number.isNaN(Date.parse(before))) {
      throw new AppError('bad_request', 'A date in "before" only works with sort=newest.');
    }
    return { sort, before: new Date(before).toISOString() };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(before, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('bad_request', INVALID);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    !LIST_SORTS.includes(parsed[0] as ListSort) ||
    typeof parsed[2] !== 'string'
  ) {
    throw new AppError('bad_request', INVALID);
  }
  const [cursorSort, key, id] = parsed as [ListSort, unknown, string];
  if (cursorSort !== sort) {
    throw new AppError(
      'bad_request',
      `This cursor belongs to sort=${cursorSort}, not sort=${sort}.`,
    );
  }
  const keyIsValid =
    sort === 'duration' ? typeof key === 'number' && Number.isFinite(key) : typeof key === 'string';
  if (!keyIsValid) throw new AppError('bad_request', INVALID);
  if ((sort === 'newest' || sort === 'oldest') && Number.isNaN(Date.parse(key as string))) {
    throw new AppError('bad_request', INVALID);
  }
  return { sort, key: key as string | number, id };
}
