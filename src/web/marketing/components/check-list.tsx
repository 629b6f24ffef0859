import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A bulleted list with check marks; `columns` spreads long lists on wide screens. */
export function CheckList({
  items,
  columns = 1,
  className,
}: {
  items: ReactNode[];
  columns?: 1 | 2;
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-3', columns === 2 && 'sm:grid-cols-2', className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3 text-slate-700">
          <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
