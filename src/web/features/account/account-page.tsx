import { useDocumentTitle } from '../../lib/use-document-title';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useAuth } from '../auth/use-auth';
import { DeleteAccountCard } from './delete-account-card';
import { EmailPreferencesCard } from './email-preferences-card';
import { DeveloperApiCard } from './developer-api-card';
import { PlanCard } from './plan-card';
import { VocabularyCard } from './vocabulary-card';

export default function AccountPage() {
  const { user } = useAuth();
  useDocumentTitle('Account settings');
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Account settings</h1>
      <Card role="region" aria-labelledby="profile-card-title">
        <CardHeader>
          <CardTitle id="profile-card-title">Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-500">Name</dt>
            <dd className="text-slate-900">{user?.username}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="text-slate-900">{user?.email}</dd>
          </dl>
        </CardContent>
      </Card>
      <PlanCard />
      <VocabularyCard />
      <EmailPreferencesCard />
      <DeveloperApiCard />
      <DeleteAccountCard />
    </main>
  );
}
