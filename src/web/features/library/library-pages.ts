import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';

/** The orders `GET /api/transcriptions?sort=` offers, as the sort menu names them. */
export const LIBRARY_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'duration', label: 'Longest first' },
] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number]['value'];

export function isLibrarySort(value: string): value is LibrarySort {
  return LIBRARY_SORTS.some((sort) => sort.value === value);
}

/** Items per request: about a screenful of the dashboard's card; a library of thousands is never sent whole. */
export const LIBRARY_PAGE_SIZE = 10;

/** One page of the list and where the next one starts (`X-Next-Cursor`), null on the last. */
export interface LibraryPage {
  items: TranscriptionListItemDto[];
  nextCursor: string | null;
}

export function libraryPageUrl(
  sort: LibrarySort,
  before: string | null,
  limit = LIBRARY_PAGE_SIZE,
  team: string | null = null,
): string {
  const query = new URLSearchParams({ limit: String(limit), sort });
  if (before !== null) query.set('before', before);
  if (team !== null) query.set('team', team);
  return `/api/transcriptions?${query.toString()}`;
}

/** The loaded pages as one list; an item that moved between pages while they loaded is shown once. */
export function libraryItems(pages: readonly LibraryPage[]): TranscriptionListItemDto[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.items)
    .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** Whether a fresh first page holds the same items, in the same order, as the loaded one. */
export function sameItems(
  a: readonly TranscriptionListItemDto[],
  b: readonly TranscriptionListItemDto[],
): boolean {
  return a.length === b.length && a.every((item, index) => item.id === b[index]?.id);
}

/** The pages with `item` in place of its older copy, or null when no loaded page holds it. */
export function withItemReplaced(
  pages: readonly LibraryPage[],
  item: TranscriptionListItemDto,
): LibraryPage[] | null {
  let found = false;
  const next = pages.map((page) => ({
    ...page,
    items: page.items.map((current) => {
      if (current.id !== item.id) return current;
      found = true;
      return item;
    }),
  }));
  return found ? next : null;
}
