import { useAuth } from '../auth/use-auth';

export default function DashboardPage() {
  const { user } = useAuth();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Dashboard</h1>
      <p className="mt-2 text-slate-600">Welcome, {user?.username}.</p>
    </main>
  );
}
