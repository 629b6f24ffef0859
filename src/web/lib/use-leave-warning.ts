import { useEffect } from 'react';

/** While `pending` (work the server does not have yet), leaving or reloading the page asks first. */
export function useLeaveWarning(pending: boolean): void {
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);
}
