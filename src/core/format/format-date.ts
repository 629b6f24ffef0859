import { format } from 'date-fns';

/** The spec's date format, 'MMM d, yyyy' (e.g. "Mar 5, 2025"), in the browser's time zone. An unreadable date gives ''. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, 'MMM d, yyyy');
}
