import { useRef } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/use-auth';
import { isNewAccountSession } from '../sign-in/new-account';
import { LibraryProvider } from '../library/library-context';
import { RecentTranscriptions } from '../library/recent-transcriptions';
import { UploadCard, type UploadCardHandle } from '../upload/upload-card';
import { WhisperBanner } from '../admin/whisper-banner';
import { ImportLinkCard } from '../upload/import-link-card';
import { PlanBanner } from './plan-banner';
import { UpgradeSection } from './upgrade-section';
import { UsageCard } from './usage-card';

export default function DashboardPage() {
  const { user } = useAuth();
  const isPaid = user?.isPaid ?? false;
  const uploadCard = useRef<UploadCardHandle>(null);
  useDocumentTitle('Dashboard');

  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Dashboard</h1>
        {user ? (
          <p className="mt-1 text-slate-600">
            {isNewAccountSession() ? 'Welcome' : 'Welcome back'}, {user.username}.
          </p>
        ) : null}
      </div>
      {user?.isAdmin ? <WhisperBanner /> : null}
      <PlanBanner isPaid={isPaid} />
      {/*
        Wide: Upload Audio and Your Usage on the left, the list on the right (spanning both rows;
        the second row takes any extra height, so the left cards stay together). Narrow: upload,
        then the list, then usage, so a finished upload is seen without scrolling past the usage.
      */}
      <LibraryProvider>
        <div className="grid gap-6 lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <UploadCard ref={uploadCard} />
            <ImportLinkCard />
          </div>
          <div
            id="transcriptions"
            className="min-w-0 scroll-mt-20 lg:col-span-3 lg:col-start-3 lg:row-span-2 lg:row-start-1"
          >
            <RecentTranscriptions onUploadClick={() => uploadCard.current?.openFilePicker()} />
          </div>
          <div className="min-w-0 lg:col-span-2 lg:self-start">
            <UsageCard />
          </div>
        </div>
      </LibraryProvider>
      <UpgradeSection isPaid={isPaid} />
    </main>
  );
}
