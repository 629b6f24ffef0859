import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';

/** Not found, not owned, or not loadable: the message and the way back. */
export function TranscriptionNotFound({ title, message }: { title: string; message: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <AlertCircle aria-hidden="true" className="h-12 w-12 text-red-500" />
      {/* The space keeps the two parts one sentence in the text content, as the spec quotes it. */}
      <div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>{' '}
        <p className="mt-2 text-slate-600">{message}</p>
      </div>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Go back to dashboard
      </Link>
    </main>
  );
}
