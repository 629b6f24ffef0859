import { useLocation } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LibraryProvider } from './library-context';
import { RecentTranscriptions } from './recent-transcriptions';

/** "My Transcriptions": the whole library on a page of its own; uploading happens on the dashboard. */
export default function LibraryPage() {
  useDocumentTitle('My transcriptions');
  const [, navigate] = useLocation();
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">My transcriptions</h1>
      <LibraryProvider>
        <RecentTranscriptions onUploadClick={() => navigate('/')} />
      </LibraryProvider>
    </main>
  );
}
