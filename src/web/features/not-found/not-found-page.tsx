import { AlertCircle } from 'lucide-react';
import { MESSAGES } from '../../../core/messages';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-500" />
          <h1 className="text-2xl font-bold text-slate-900">{MESSAGES.notFoundTitle}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{MESSAGES.notFoundText}</p>
      </div>
    </main>
  );
}
