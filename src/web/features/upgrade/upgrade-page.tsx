export default function UpgradePage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Upgrade to Pro</h1>
    </main>
  );
}
