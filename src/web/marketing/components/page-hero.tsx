import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface PageHeroProps {
  eyebrow?: string;
  title: ReactNode;
  subtitle: ReactNode;
  /** Buttons under the subtitle. */
  actions?: ReactNode;
  /** A short line under the buttons, such as "No credit card required". */
  note?: ReactNode;
  /** An illustration beside the text on wide screens, below it on narrow ones. */
  aside?: ReactNode;
}

/** The top of a marketing page, holding the page's only h1. */
export function PageHero({ eyebrow, title, subtitle, actions, note, aside }: PageHeroProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="border-b border-slate-100 bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div
        className={cn(
          'mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24',
          aside ? 'grid items-center gap-12 lg:grid-cols-2' : 'text-center',
        )}
      >
        <div className={aside ? undefined : 'mx-auto max-w-3xl'}>
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1
            id="page-title"
            className="mt-2 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {title}
          </h1>
          <p className="mt-6 text-lg text-pretty text-slate-600 sm:text-xl">{subtitle}</p>
          {actions ? (
            <div
              className={cn(
                'mt-8 flex flex-col gap-3 sm:flex-row',
                aside ? undefined : 'sm:justify-center',
              )}
            >
              {actions}
            </div>
          ) : null}
          {note ? <p className="mt-4 text-sm text-slate-500">{note}</p> : null}
        </div>
        {aside ? <div>{aside}</div> : null}
      </div>
    </section>
  );
}
