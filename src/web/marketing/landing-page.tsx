import { LinkButton } from '../components/ui/button';

export default function LandingPage() {
  return (
    <main>
      <section className="mx-auto max-w-6xl px-4 py-20 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
          Transform your audio into text in seconds
        </h1>
        <div className="mt-8 flex justify-center gap-4">
          <LinkButton href="/api/login" size="lg">
            Sign up for free
          </LinkButton>
        </div>
      </section>
    </main>
  );
}
