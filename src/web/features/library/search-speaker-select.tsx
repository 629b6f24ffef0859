/** Narrows a search to the transcripts where one speaker speaks: a native select, like the sort. */
export function SearchSpeakerSelect({
  options,
  value,
  onChange,
}: {
  options: readonly string[];
  value: string | null;
  onChange: (speaker: string | null) => void;
}) {
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
      <span aria-hidden="true">Speaker</span>
      <select
        aria-label="Only transcripts where this speaker speaks"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        className="h-10 max-w-48 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500"
      >
        <option value="">Anyone</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
