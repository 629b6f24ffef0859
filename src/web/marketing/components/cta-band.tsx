import { useId, type ReactNode } from 'react';

/** The closing call to action of a page: a headline, a line of text and buttons. */
export function CtaBand({
  title,
  text,
  actions,
  note,
}: {
  title: ReactNode;
  text?: ReactNode;
  actions: ReactNode;
  note?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-white px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-5xl rounded-2xl bg-brand-700 px-6 py-12 text-center text-white shadow-lg sm:px-12 [--focus-ring:white]">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {title}
        </h2>
        {text ? <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{text}</p> : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
        {note ? <p className="mt-4 text-sm text-brand-100">{note}</p> : null}
      </div>
    </section>
  );
}
