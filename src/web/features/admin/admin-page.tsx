import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/use-auth';
import NotFoundPage from '../not-found/not-found-page';
import { AdminActionsCard } from './admin-actions-card';
import { AdminQueueCard } from './admin-queue-card';
import { AdminSystemCard } from './admin-system-card';
import { AdminUsersCard } from './admin-users-card';
import { WhisperBanner } from './whisper-banner';

/** The admin console. The server answers 404 to everyone else; the page agrees. */
export default function AdminPage() {
  const { user } = useAuth();
  useDocumentTitle('Admin');
  if (!user?.isAdmin) return <NotFoundPage />;
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
      <WhisperBanner />
      <AdminSystemCard />
      <AdminQueueCard />
      <AdminUsersCard />
      <AdminActionsCard />
    </main>
  );
}
