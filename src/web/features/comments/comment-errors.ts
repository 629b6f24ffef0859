import { HttpError } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';

/** A refused or failed change, told in the server's words. */
export function toastCommentError(title: string) {
  return (error: unknown) =>
    toast({
      title,
      description:
        error instanceof HttpError
          ? (error.serverMessage ?? error.message)
          : 'Check your connection and try again.',
      variant: 'destructive',
    });
}
