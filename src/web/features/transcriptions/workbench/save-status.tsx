import { AlertCircle, Check } from 'lucide-react';
import type { SaveState } from './transcript-saver';

/** "Saving…", "Saved" or what went wrong, in a fixed place that screen readers announce. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <span role="status" className="inline-flex min-w-20 items-center gap-1.5 text-sm">
      {state.status === 'saving' ? (
        <>
          <span
            aria-hidden="true"
            className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-slate-400 border-t-transparent"
          />
          <span className="text-slate-600">Saving…</span>
        </>
      ) : state.status === 'saved' ? (
        <>
          <Check aria-hidden="true" className="h-4 w-4 text-emerald-600" />
          <span className="text-slate-600">Saved</span>
        </>
      ) : state.status === 'error' ? (
        <>
          <AlertCircle aria-hidden="true" className="h-4 w-4 text-red-600" />
          <span className="text-red-700">Not saved{state.message ? `: ${state.message}` : ''}</span>
          <button type="button" onClick={onRetry} className="font-medium text-red-700 underline">
            Retry
          </button>
        </>
      ) : null}
    </span>
  );
}
