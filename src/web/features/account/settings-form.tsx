import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';

/**
 * One inline change on the settings page: its fields, a save and a cancel button, the
 * server's refusal in words under them. `onSubmit` resolves to an error sentence, or null.
 */
export function SettingsForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  submitLabel: string;
  onSubmit: () => Promise<string | null>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(await onSubmit());
    setSubmitting(false);
  }

  return (
    <form
      aria-label={label}
      onSubmit={submit}
      className="mt-3 space-y-3 rounded-md border border-slate-200 p-4"
    >
      {children}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving...' : submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
