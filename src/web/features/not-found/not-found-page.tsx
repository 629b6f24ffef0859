import { AlertCircle, ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { MESSAGES } from '../../../core/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../components/ui/button';
import { useAuth } from '../auth/use-auth';

/** Where a lost visitor most likely wanted to go: their work when signed in, else the product. */
function waysOn(signedIn: boolean) {
  return signedIn
    ? {
        home: 'Go to your dashboard',
        other: { href: '/transcriptions', label: 'Open my transcriptions' },
      }
    : {
        home: 'Go to the home page',
        other: { href: '/features', label: 'See what Sonoscript does' },
      };
}

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { user } = useAuth();
  const ways = waysOn(user !== null);
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-500" />
          <h1 className="text-2xl font-bold text-slate-900">{MESSAGES.notFoundTitle}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{MESSAGES.notFoundText}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/" className={buttonClasses('primary', 'md')}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {ways.home}
          </Link>
          <Link href={ways.other.href} className={buttonClasses('outline', 'md')}>
            {ways.other.label}
          </Link>
        </div>
      </div>
    </main>
  );
}
