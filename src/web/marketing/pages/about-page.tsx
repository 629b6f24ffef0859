export default function AboutPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold text-slate-900">About Sonoscript</h1>
      <p className="mt-4 text-slate-700">Founded in 2024.</p>
    </main>
  );
}
