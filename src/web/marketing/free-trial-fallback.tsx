import { Spinner } from '../components/ui/spinner';

/** Holds the free-trial widget's space while its code loads, so nothing below it jumps. */
export function FreeTrialFallback() {
  return (
    <div className="mx-auto flex min-h-72 max-w-2xl items-center justify-center rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Spinner label="Loading the free trial" />
    </div>
  );
}
