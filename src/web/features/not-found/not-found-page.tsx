import { AlertCircle, ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { MESSAGES } from '../../../core/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../components/ui/button';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-500" />
          <h1 className="text-2xl font-bold text-slate-900">{MESSAGES.notFoundTitle}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{MESSAGES.notFoundText}</p>
        <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
