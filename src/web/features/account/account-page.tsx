import { useDocumentTitle } from '../../lib/use-document-title';
import { ActivityCard } from './activity-card';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { EmailPreferencesCard } from './email-preferences-card';
import { KnownVoicesCard } from './known-voices-card';
import { DefaultLanguageCard } from './default-language-card';
import { DeveloperApiCard } from './developer-api-card';
import { WebhooksCard } from './webhooks-card';
import { PlanCard } from './plan-card';
import { RetentionCard } from './retention-card';
import { ProfileCard } from './profile-card';
import { VocabularyCard } from './vocabulary-card';

export default function AccountPage() {
  useDocumentTitle('Account settings');
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Account settings</h1>
      <ProfileCard />
      <PlanCard />
      <DefaultLanguageCard />
      <VocabularyCard />
      <EmailPreferencesCard />
      <KnownVoicesCard />
      <DeveloperApiCard />
      <RetentionCard />
      <DataExportCard />
      <ActivityCard />
      <WebhooksCard />
      <DeleteAccountCard />
    </main>
  );
}
