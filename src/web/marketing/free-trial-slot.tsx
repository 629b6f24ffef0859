import { FileAudio } from 'lucide-react';
import { FREE_SECONDS, MAX_UPLOAD, TRIAL_FORMATS } from './plan-facts';

/**
 * Where the anonymous free-trial widget goes. The landing page lazy-loads this module, so the
 * real widget (upload, duration check, result dialog) can grow without weighing on the page.
 * Placeholder until the free-trial feature replaces this body.
 */
export function FreeTrialSlot() {
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex min-h-56 flex-col items-center justify-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
        <FileAudio aria-hidden="true" className="h-12 w-12 text-brand-500" />
        <p className="mt-4 font-semibold text-slate-900">The free trial is almost ready</p>
        <p className="mt-2 max-w-md text-sm text-slate-600">
          Soon you can drop an audio file here ({TRIAL_FORMATS}, up to {MAX_UPLOAD}) and read the
          first {FREE_SECONDS} seconds as text right away.
        </p>
      </div>
    </div>
  );
}

export default FreeTrialSlot;
