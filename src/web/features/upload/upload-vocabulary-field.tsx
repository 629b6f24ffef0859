import { useId } from 'react';

/** "Words to listen for": this file's own names and terms, added to the saved vocabulary. */
export function UploadVocabularyField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Words to listen for
      </label>
      <textarea
        id={id}
        aria-describedby={hintId}
        rows={2}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder="Names, brands, jargon"
        className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-brand-500"
      />
      <p id={hintId} className="text-xs text-slate-500">
        One per line or separated by commas, written as they should appear. Your saved vocabulary
        (Account settings) is used too.
      </p>
    </div>
  );
}
