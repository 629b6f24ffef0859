import { useId } from 'react';
import { MAX_SPEAKERS, type SpeakersRequested } from '../../../core/speakers';

const COUNTS = Array.from({ length: MAX_SPEAKERS }, (_, at) => at + 1);

/** "Number of speakers": detect automatically (the default) or exactly 1 to 10. */
export function SpeakersSelect({
  value,
  onChange,
}: {
  value: SpeakersRequested;
  onChange: (value: SpeakersRequested) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Number of speakers
      </label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange(chosen === 'auto' ? 'auto' : Number(chosen));
        }}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 focus:border-brand-500 sm:h-9 sm:w-auto"
      >
        <option value="auto">Detect automatically</option>
        {COUNTS.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </div>
  );
}
