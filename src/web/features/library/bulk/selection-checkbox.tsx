import type { SelectableItem } from './use-library-selection';

/** One transcript's checkbox; shift-click reaches back to the last one clicked. */
export function SelectionCheckbox({
  item,
  checked,
  onToggle,
}: {
  item: SelectableItem;
  checked: boolean;
  onToggle: (item: SelectableItem, extend: boolean) => void;
}) {
  return (
    <label className="-m-2 flex shrink-0 cursor-pointer items-center justify-center p-2 max-sm:-m-3 max-sm:p-3">
      <input
        type="checkbox"
        className="h-4 w-4 cursor-pointer accent-brand-600"
        aria-label={`Select ${item.filename}`}
        checked={checked}
        // The click carries the shift key; the change that follows it has nothing more to do.
        onClick={(event) => onToggle(item, event.shiftKey)}
        onChange={() => undefined}
      />
    </label>
  );
}
