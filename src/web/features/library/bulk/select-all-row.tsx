import type { LibrarySelection, SelectableItem } from './use-library-selection';

/** "Select all" over the items shown: checked when all are, mixed when some are. */
export function SelectAllRow({
  items,
  selection,
  label,
}: {
  items: readonly SelectableItem[];
  selection: LibrarySelection;
  label: string;
}) {
  const chosen = items.filter((item) => selection.selected.has(item.id)).length;
  const all = items.length > 0 && chosen === items.length;
  return (
    <label className="flex w-fit cursor-pointer items-center gap-3 py-2 text-sm text-slate-700 max-sm:min-h-11">
      <input
        type="checkbox"
        className="h-4 w-4 cursor-pointer accent-brand-600"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = chosen > 0 && !all;
        }}
        onChange={() => (all ? selection.deselectAll(items) : selection.selectAll(items))}
      />
      {label}
    </label>
  );
}
