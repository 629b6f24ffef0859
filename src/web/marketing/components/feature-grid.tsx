import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

export interface Feature {
  icon?: LucideIcon;
  title: string;
  description: ReactNode;
  /** A label beside the title: "Pro", "Coming soon". */
  badge?: string;
}

const columnClasses = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/** Cards with an icon, an h3 title and a short description. */
export function FeatureGrid({
  features,
  columns = 3,
}: {
  features: Feature[];
  columns?: 2 | 3 | 4;
}) {
  return (
    <ul className={cn('grid gap-6', columnClasses[columns])}>
      {features.map(({ icon: Icon, title, description, badge }) => (
        <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          {Icon ? (
            <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
          ) : null}
          <h3
            className={cn(
              'flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900',
              Icon && 'mt-4',
            )}
          >
            {title}
            {badge ? (
              <Badge tone={badge === 'Coming soon' ? 'neutral' : 'brand'}>{badge}</Badge>
            ) : null}
          </h3>
          <p className="mt-2 text-slate-600">{description}</p>
        </li>
      ))}
    </ul>
  );
}
