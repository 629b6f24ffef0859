import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { dismissToast, useCurrentToast } from './toast-store';

export function ToastArea() {
  const toast = useCurrentToast();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end"
    >
      {toast ? (
        <div
          key={toast.id}
          role="status"
          data-testid="toast"
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg',
            toast.variant === 'destructive'
              ? 'border-red-300 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="flex-1">
            <p className="text-sm font-semibold">{toast.title}</p>
            {toast.description ? (
              <p className="mt-1 text-sm opacity-90">{toast.description}</p>
            ) : null}
          </div>
          {toast.action ? (
            <button
              type="button"
              onClick={() => {
                dismissToast();
                toast.action?.onClick();
              }}
              className="min-h-11 rounded-md px-3 text-sm font-semibold underline underline-offset-2 hover:bg-black/5"
            >
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            aria-label="Dismiss notification"
            onClick={dismissToast}
            className="opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
