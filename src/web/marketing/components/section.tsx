import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'center' | 'left';
}

/** An h2 with an optional eyebrow line above and an introduction below. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
}: SectionHeadingProps) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      ) : null}
      <h2
        id={id}
        className="mt-1 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-pretty text-slate-600">{intro}</p> : null}
    </div>
  );
}

interface SectionProps extends Omit<SectionHeadingProps, 'id'> {
  /** The anchor other links scroll to, such as `pricing`. */
  id?: string;
  tone?: 'plain' | 'muted' | 'brand';
  width?: 'wide' | 'narrow';
  children?: ReactNode;
}

const toneClasses = {
  plain: 'bg-white',
  muted: 'bg-slate-50',
  brand: 'bg-brand-50/60',
};

/** A page section labelled by its own h2; anchored sections leave room for the sticky header. */
export function Section({
  id,
  tone = 'plain',
  width = 'wide',
  children,
  ...heading
}: SectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-16 py-16 sm:py-20', toneClasses[tone])}
    >
      <div className={cn('mx-auto px-4 sm:px-6', width === 'wide' ? 'max-w-6xl' : 'max-w-3xl')}>
        <SectionHeading id={headingId} {...heading} />
        {children ? <div className="mt-10 sm:mt-12">{children}</div> : null}
      </div>
    </section>
  );
}
