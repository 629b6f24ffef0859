import { useId } from 'react';
import type { DenoiseSetting } from '../../../core/api/denoise-field';

const CHOICES: ReadonlyArray<{ value: DenoiseSetting; label: string }> = [
  { value: 'auto', label: 'Automatic' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

/** "Noise suppression": automatic (where it is measured to help), always, or never. */
export function DenoiseSelect({
  value,
  onChange,
}: {
  value: DenoiseSetting;
  onChange: (value: DenoiseSetting) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Noise suppression
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as DenoiseSetting)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 focus:border-brand-500 sm:h-9 sm:w-auto"
      >
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
