/**
 * The words heard so far, under the timer while recording, and in the same place while the
 * recording is saved and transcribed, until the real transcript replaces them.
 */
export function LiveTranscript({
  text,
  note = null,
  label = 'Live transcript',
  placeholder = 'Listening...',
}: {
  text: string;
  note?: string | null;
  label?: string;
  placeholder?: string;
}) {
  return (
    <div className="mt-2">
      <p
        role="log"
        aria-label={label}
        aria-live="polite"
        className="max-h-48 min-h-10 overflow-y-auto rounded-md bg-slate-50 p-2 text-sm text-slate-800"
      >
        {text || <span className="text-slate-500">{placeholder}</span>}
      </p>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}
