import { useId } from 'react';
import { AUTO_LANGUAGE, languageName, WHISPER_LANGUAGE_CODES } from '../../core/languages';

const BY_NAME = [...WHISPER_LANGUAGE_CODES].sort((left, right) =>
  languageName(left).localeCompare(languageName(right)),
);

/** "Language": detect automatically, or one of whisper's languages, listed by name. */
export function LanguageSelect({
  value,
  onChange,
  label = 'Language',
  disabled = false,
}: {
  value: string;
  onChange: (language: string) => void;
  label?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 focus:border-brand-500 sm:h-9 sm:w-auto"
      >
        <option value={AUTO_LANGUAGE}>Detect automatically</option>
        {BY_NAME.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
