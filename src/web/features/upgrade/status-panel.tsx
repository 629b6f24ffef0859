import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';

/** A message in place of the payment form, with the way back to the dashboard. */
export function StatusPanel({
  title,
  children,
  icon,
}: {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      {icon}
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{children}</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-2')}>
        Go to Dashboard
      </Link>
    </div>
  );
}
