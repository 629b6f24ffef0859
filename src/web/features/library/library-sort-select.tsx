import { isLibrarySort, LIBRARY_SORTS, type LibrarySort } from './library-pages';

/** The list's order: a native select, so phones show their own picker. */
export function LibrarySortSelect({
  value,
  onChange,
}: {
  value: LibrarySort;
  onChange: (sort: LibrarySort) => void;
}) {
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
      <span aria-hidden="true">Sort</span>
      <select
        aria-label="Sort transcriptions"
        value={value}
        onChange={(event) => {
          if (isLibrarySort(event.target.value)) onChange(event.target.value);
        }}
        className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500"
      >
        {LIBRARY_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
    </label>
  );
}
