import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cn(
          'inline-block h-6 w-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent',
          className,
        )}
      />
      <span className={label ? 'text-sm text-slate-600' : 'sr-only'}>{label ?? 'Loading'}</span>
    </span>
  );
}
