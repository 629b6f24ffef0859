import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long-form text (privacy policy, terms) with a table of contents and linkable sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <main className="bg-white">
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
        <header>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 text-sm text-slate-500">
            Last updated: <time>{updated}</time>
          </p>
          <div className="mt-6 space-y-4 text-lg text-slate-700">{intro}</div>
        </header>

        <nav
          aria-label="Contents"
          className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-6"
        >
          <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-slate-700 sm:grid-cols-2 sm:gap-x-8">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="hover:text-brand-700 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="mt-12 scroll-mt-20"
          >
            <h2 id={`${section.id}-title`} className="text-2xl font-bold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-4 space-y-4 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </article>
    </main>
  );
}
