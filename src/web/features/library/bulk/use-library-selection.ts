import { useCallback, useRef, useState } from 'react';
import { MAX_EXPORT_IDS } from '../../../../core/api/zip-exports';

export interface SelectableItem {
  id: string;
  filename: string;
  /** It holds corrections, which "Transcribe again" would replace. */
  isEdited: boolean;
}

/** What the selection remembers of a chosen transcript. */
export type SelectedItem = Omit<SelectableItem, 'id'>;

const remembered = ({ filename, isEdited }: SelectableItem): SelectedItem => ({
  filename,
  isEdited,
});

/** The ids between two items of the list, both included, in the list's order. */
export function rangeBetween(
  items: readonly SelectableItem[],
  fromId: string,
  toId: string,
): SelectableItem[] {
  const from = items.findIndex((item) => item.id === fromId);
  const to = items.findIndex((item) => item.id === toId);
  if (from < 0 || to < 0) return items.filter((item) => item.id === toId);
  return items.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * The transcripts chosen in the library, kept across searches and pages (by id, with their names
 * and whether they hold corrections).
 * A click toggles one; a shift-click sets every item from the last one clicked to this one the way
 * this one goes, as file managers do.
 */
export function useLibrarySelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, SelectedItem>>(new Map());
  const anchor = useRef<string | null>(null);

  const toggle = useCallback(
    (item: SelectableItem, extend: boolean, items: readonly SelectableItem[]) => {
      // Read now: React may run the update after the anchor moved to this item.
      const from = anchor.current;
      setSelected((current) => {
        const next = new Map(current);
        const select = !current.has(item.id);
        const affected = extend && from !== null ? rangeBetween(items, from, item.id) : [item];
        for (const one of affected) {
          if (select) next.set(one.id, remembered(one));
          else next.delete(one.id);
        }
        return next;
      });
      anchor.current = item.id;
    },
    [],
  );

  const selectAll = useCallback((items: readonly SelectableItem[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) next.set(item.id, remembered(item));
      return next;
    });
  }, []);

  const deselectAll = useCallback((items: ReadonlyArray<Pick<SelectableItem, 'id'>>) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) next.delete(item.id);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    anchor.current = null;
    setSelected(new Map());
  }, []);

  return {
    selected,
    ids: [...selected.keys()],
    tooMany: selected.size > MAX_EXPORT_IDS,
    toggle,
    selectAll,
    deselectAll,
    clear,
  };
}

export type LibrarySelection = ReturnType<typeof useLibrarySelection>;
