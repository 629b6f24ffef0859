import { CloudUpload } from 'lucide-react';
import { Link } from 'wouter';
import { FREE_SECONDS, MAX_UPLOAD_COMPACT } from '../../plan-facts';

/** A picture of the uploader, not a working one: it points to the real free trial instead. */
export function UploadMockup() {
  return (
    <figure
      aria-label="Preview of the MP3 uploader"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg"
    >
      <div
        aria-disabled="true"
        className="flex flex-col items-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center opacity-90"
      >
        <CloudUpload aria-hidden="true" className="h-12 w-12 text-brand-500" />
        <p className="mt-4 font-semibold text-slate-900">Drop your MP3 file here</p>
        <p className="mt-1 text-sm text-slate-600">{`Supports files up to ${MAX_UPLOAD_COMPACT} (Premium)`}</p>
        <button
          type="button"
          disabled
          className="mt-6 inline-flex h-10 cursor-not-allowed items-center rounded-md bg-slate-300 px-4 text-sm font-medium text-white"
        >
          Select MP3 file
        </button>
        <p className="mt-3 text-sm font-semibold text-brand-700">{`${FREE_SECONDS} seconds for free`}</p>
      </div>
      <figcaption className="mt-4 text-center text-sm text-slate-600">
        Preview only.{' '}
        <Link
          href="/#free-trial"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Try the real thing free
        </Link>
        , no login required.
      </figcaption>
    </figure>
  );
}
