import { Pencil } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';

const titleClasses = 'text-2xl font-bold text-slate-900 sm:text-3xl';

/** The transcript's name as the page title; "Rename" turns it into a field (Enter saves, Escape cancels). */
export function TranscriptTitle({
  filename,
  canRename,
  onRename,
}: {
  filename: string;
  canRename: boolean;
  onRename: (filename: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);

  const finish = () => {
    const name = draft?.trim();
    if (name && name !== filename) onRename(name);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(null);
    }
  };

  if (draft !== null) {
    return (
      <h1 className={titleClasses}>
        <input
          dir="auto"
          autoFocus
          value={draft}
          aria-label="Transcript name"
          maxLength={255}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={finish}
          onFocus={(event) => event.currentTarget.select()}
          className="-mx-1.5 -my-0.5 w-full rounded-md bg-white px-1.5 py-0.5 outline-none ring-2 ring-brand-500"
        />
      </h1>
    );
  }
  return (
    <div className="flex min-w-0 items-start gap-1">
      <h1 className={`${titleClasses} min-w-0 break-words`}>{filename}</h1>
      {canRename ? (
        <button
          type="button"
          aria-label="Rename transcript"
          title="Rename"
          onClick={() => setDraft(filename)}
          className="-my-1.5 shrink-0 rounded-md p-3.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 sm:mt-1.5 sm:p-1.5"
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
