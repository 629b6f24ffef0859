import { useRef } from 'react';
import { useAuth } from '../auth/use-auth';
import { RecentTranscriptions } from '../transcriptions/recent-transcriptions';
import { useTranscriptionList } from '../transcriptions/transcription-queries';
import { UploadCard, type UploadCardHandle } from '../upload/upload-card';
import { PlanBanner } from './plan-banner';
import { UpgradeSection } from './upgrade-section';
import { UsageCard } from './usage-card';
import { useScrollToHash } from './use-scroll-to-hash';

export default function DashboardPage() {
  const { user } = useAuth();
  const isPaid = user?.isPaid ?? false;
  const uploadCard = useRef<UploadCardHandle>(null);
  const list = useTranscriptionList();
  useScrollToHash(!list.isPending);

  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Dashboard</h1>
        {user ? <p className="mt-1 text-slate-600">Welcome back, {user.username}.</p> : null}
      </div>
      <PlanBanner isPaid={isPaid} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <UploadCard ref={uploadCard} />
          <UsageCard />
        </div>
        <div id="transcriptions" className="min-w-0 scroll-mt-20 lg:col-span-3">
          <RecentTranscriptions onUploadClick={() => uploadCard.current?.openFilePicker()} />
        </div>
      </div>
      <UpgradeSection isPaid={isPaid} />
    </main>
  );
}
