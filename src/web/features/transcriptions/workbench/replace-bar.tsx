import { useId, useState } from 'react';

/** "Replace with" and "Replace all", beside Find in transcript while it has a query. */
export function ReplaceBar({
  count,
  onReplaceAll,
}: {
  count: number;
  onReplaceAll: (replacement: string) => void;
}) {
  const [replacement, setReplacement] = useState('');
  const id = useId();
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onReplaceAll(replacement);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Replace with
      </label>
      <input
        id={id}
        type="text"
        value={replacement}
        onChange={(event) => setReplacement(event.currentTarget.value)}
        placeholder="Replace with"
        className="h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:border-brand-500 sm:w-36"
      />
      <button
        type="submit"
        disabled={count === 0}
        className="h-8 shrink-0 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:pointer-events-none disabled:opacity-40"
      >
        Replace all
      </button>
    </form>
  );
}
